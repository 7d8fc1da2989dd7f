functions {
  tuple(real, int) f(real x) {
    return (x, 1);
  }
}
transformed data {
  real a;
  int b;
  (a, b) = f(2.0);
}
