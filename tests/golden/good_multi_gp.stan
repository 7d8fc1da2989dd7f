// multi_gp and multi_gp_cholesky (Stan Functions Reference 2.38,
// "Multivariate Gaussian process distribution":
// real multi_gp_lpdf(matrix y | matrix Sigma, vector w) and
// real multi_gp_cholesky_lpdf(matrix y | matrix L, vector w)).
data {
  int K;
  int N;
  matrix[K, N] y;
}
parameters {
  cov_matrix[N] Sigma;
  cholesky_factor_cov[N] L;
  vector<lower=0>[K] w;
}
model {
  y ~ multi_gp(Sigma, w);
  y ~ multi_gp_cholesky(L, w);
  target += multi_gp_lupdf(y | Sigma, w);
}
