functions {
  tuple(real, tuple(int, vector)) f(real x) {
    return (x, (1, [x, x]'));
  }
}
transformed data {
  real a;
  int b;
  vector[2] c;
  (a, (b, c)) = f(1.5);
}
