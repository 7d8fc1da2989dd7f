parameters {
  cholesky_factor_cov[3, 2, 1] L;
}
