parameters {
  cholesky_factor_cov[4, 3] L;
}
