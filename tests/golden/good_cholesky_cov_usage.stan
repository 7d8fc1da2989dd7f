data {
  int N;
  array[N] vector[3] y;
}
parameters {
  cholesky_factor_cov[3] L;
  vector[3] mu;
}
model {
  y ~ multi_normal_cholesky(mu, L);
}
