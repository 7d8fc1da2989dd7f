functions {
  real f(real x);
  real g(real x) {
    return f(x) + 1;
  }
  real f(real x) {
    return 2 * x;
  }
}
