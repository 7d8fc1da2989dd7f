functions {
  f(real x) {
    return x;
  }
}
