functions {
  real f(real x) {
    return x;
  }
}
transformed data {
  real y = f + 1;
}
