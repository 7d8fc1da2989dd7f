// Correlated multivariate measurements (e.g. several lab assays per
// specimen): multi_normal_cholesky likelihood, LKJ prior on the Cholesky
// factor of the correlation matrix, scales applied with diag_pre_multiply.
data {
  int<lower=1> N;
  int<lower=2> K;
  array[N] vector[K] y;
}
parameters {
  vector[K] mu;
  vector<lower=0>[K] sigma;
  cholesky_factor_corr[K] L_Omega;
}
model {
  matrix[K, K] L_Sigma = diag_pre_multiply(sigma, L_Omega);
  mu ~ normal(0, 10);
  sigma ~ normal(0, 5);
  L_Omega ~ lkj_corr_cholesky(2);
  y ~ multi_normal_cholesky(mu, L_Sigma);
}
generated quantities {
  corr_matrix[K] Omega = multiply_lower_tri_self_transpose(L_Omega);
  cov_matrix[K] Sigma = quad_form_diag(Omega, sigma);
  vector[K] y_new
    = multi_normal_cholesky_rng(mu, diag_pre_multiply(sigma, L_Omega));
}
