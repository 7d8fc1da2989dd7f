functions {
  real f(real[] x) {
    return 1;
  }
}
