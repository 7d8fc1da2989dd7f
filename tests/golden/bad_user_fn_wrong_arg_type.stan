functions {
  real f(vector v) {
    return sum(v);
  }
}
transformed data {
  real x = f(1.0);
}
