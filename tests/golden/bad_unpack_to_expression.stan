functions {
  tuple(real, real) f() {
    return (1.0, 2.0);
  }
}
transformed data {
  real a;
  real b;
  (a + 1, b) = f();
}
