functions {
  real f__(real x) {
    return x;
  }
}
