functions {
  real f(x) {
    return x;
  }
}
