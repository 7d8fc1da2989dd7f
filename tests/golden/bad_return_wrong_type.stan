functions {
  int f(real x) {
    return x;
  }
}
