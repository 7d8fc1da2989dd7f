functions {
  real f(real x) {
    if (x > 0) {
      return x;
    }
  }
}
