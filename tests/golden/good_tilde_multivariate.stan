data {
  vector[3] y;
}
parameters {
  vector[3] mu;
  cov_matrix[3] Sigma;
  cholesky_factor_corr[3] L;
}
model {
  L ~ lkj_corr_cholesky(2);
  y ~ multi_normal(mu, Sigma);
}
