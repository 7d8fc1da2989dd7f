// Conjugate-style multivariate normal: a cov_matrix parameter with an
// inverse-Wishart prior; correlations are derived in generated quantities.
data {
  int<lower=1> N;
  int<lower=2> K;
  array[N] vector[K] y;
}
transformed data {
  matrix[K, K] S0 = identity_matrix(K);
  real nu0 = K + 2;
}
parameters {
  vector[K] mu;
  cov_matrix[K] Sigma;
}
model {
  Sigma ~ inv_wishart(nu0, S0);
  mu ~ normal(0, 10);
  y ~ multi_normal(mu, Sigma);
}
generated quantities {
  vector[K] sds = sqrt(diagonal(Sigma));
  matrix[K, K] Rho = quad_form_diag(Sigma, inv(sds));
}
