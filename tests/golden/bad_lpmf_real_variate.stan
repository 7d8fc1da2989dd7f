functions {
  real foo_lpmf(real y, real mu) {
    return 0;
  }
}
