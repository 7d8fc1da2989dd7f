functions {
  @inline
  real sq(real x) {
    return x * x;
  }
}
