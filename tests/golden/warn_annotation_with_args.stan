functions {
  @foo(1, (2))
  real f(real x) {
    return x;
  }
}
