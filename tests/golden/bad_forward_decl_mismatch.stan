functions {
  real f(real x);
  real f(real x, real z) {
    return x;
  }
}
