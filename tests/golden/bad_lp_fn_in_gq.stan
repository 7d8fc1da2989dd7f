functions {
  real f_lp(real x) {
    return x;
  }
}
generated quantities {
  real y = f_lp(1);
}
