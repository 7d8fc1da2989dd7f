model {
  real x = 1;
  target += x;
  cholesky_factor_corr[2] L;
}
