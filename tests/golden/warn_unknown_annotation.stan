functions {
  @fancy
  real f(real x) {
    return x;
  }
}
