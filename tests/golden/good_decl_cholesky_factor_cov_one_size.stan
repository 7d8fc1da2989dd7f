parameters {
  cholesky_factor_cov[3] L;
}
