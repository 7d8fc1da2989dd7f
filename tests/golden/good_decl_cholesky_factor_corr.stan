parameters {
  cholesky_factor_corr[3] L;
}
