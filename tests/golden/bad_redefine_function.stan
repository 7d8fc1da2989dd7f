functions {
  real f(real x) {
    return x;
  }
  real f(real x) {
    return 2 * x;
  }
}
