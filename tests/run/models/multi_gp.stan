// multi_gp and multi_gp_cholesky (Stan Functions Reference, "Multivariate
// Gaussian process distribution" and its Cholesky parameterization): the
// K rows of y independent MultiNormal(0, Sigma / w[i]); y, Sigma (L) and
// w parameters.
data {
  int<lower=1> K;
  int<lower=1> N;
  matrix[K, N] yd;
}
parameters {
  matrix[K, N] y;
  cov_matrix[N] Sigma;
  cholesky_factor_cov[N] L;
  vector<lower=0>[K] w;
}
model {
  w ~ gamma(3, 2);
  to_vector(y) ~ normal(0, 1);
  y ~ multi_gp(Sigma, w);
  yd ~ multi_gp_cholesky(L, w);
  target += multi_gp_lupdf(yd | Sigma, w);
  target += multi_gp_cholesky_lpdf(y | L, w);
}
