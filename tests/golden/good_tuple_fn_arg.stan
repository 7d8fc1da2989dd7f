functions {
  real g(tuple(real, array[] int) t) {
    return t.1 + sum(t.2);
  }
}
transformed data {
  real x = g((1.0, {1, 2}));
}
