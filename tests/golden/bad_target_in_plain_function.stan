functions {
  void f(real x) {
    target += x;
  }
}
