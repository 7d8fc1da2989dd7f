functions {
  real f(real x);
  real f(real x) {
    return x;
  }
}
