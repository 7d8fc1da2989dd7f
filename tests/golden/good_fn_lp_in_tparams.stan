functions {
  real f_lp(real x) {
    target += -x ^ 2;
    return x;
  }
}
parameters {
  real y;
}
transformed parameters {
  real z = f_lp(y);
}
