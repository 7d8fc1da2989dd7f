functions {
  real f(real a, real b) {
    return a + b;
  }
}
transformed data {
  real x = f(1 | 2);
}
