functions {
  real f(void x) {
    return 1;
  }
}
