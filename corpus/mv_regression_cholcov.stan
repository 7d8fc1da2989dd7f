// Multivariate regression: K outcomes share D predictors; the residual
// covariance is parameterized directly by a cholesky_factor_cov with
// element-wise priors (lognormal diagonal, normal below the diagonal).
data {
  int<lower=1> N;
  int<lower=1> K;
  int<lower=1> D;
  matrix[N, D] X;
  array[N] vector[K] y;
}
parameters {
  vector[K] alpha;
  matrix[K, D] B;
  cholesky_factor_cov[K] L;
}
model {
  array[N] vector[K] mu;
  for (n in 1:N) {
    mu[n] = alpha + B * X[n]';
  }
  alpha ~ normal(0, 5);
  to_vector(B) ~ normal(0, 2);
  for (k in 1:K) {
    L[k, k] ~ lognormal(0, 1);
    for (j in 1:(k - 1)) {     // empty when k == 1
      L[k, j] ~ normal(0, 1);
    }
  }
  y ~ multi_normal_cholesky(mu, L);
}
generated quantities {
  cov_matrix[K] Sigma = multiply_lower_tri_self_transpose(L);
}
