functions {
  real f(real x) {
    return x;
  }
  int f(real x) {
    return 1;
  }
}
