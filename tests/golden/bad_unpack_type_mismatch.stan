functions {
  tuple(real, real) f() {
    return (1.0, 2.0);
  }
}
transformed data {
  int a;
  real b;
  (a, b) = f();
}
