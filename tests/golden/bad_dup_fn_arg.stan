functions {
  real f(real x, real x) {
    return x;
  }
}
