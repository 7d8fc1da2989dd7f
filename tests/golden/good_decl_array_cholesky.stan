parameters {
  array[2] cholesky_factor_corr[3] L;
}
