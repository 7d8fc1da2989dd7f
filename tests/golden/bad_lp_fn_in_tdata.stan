functions {
  real f_lp(real x) {
    target += x;
    return x;
  }
}
transformed data {
  real y = f_lp(1);
}
