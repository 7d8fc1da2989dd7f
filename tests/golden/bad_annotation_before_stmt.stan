functions {
  real f(real x) {
    @inline
    return x;
  }
}
