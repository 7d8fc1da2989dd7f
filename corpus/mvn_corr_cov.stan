// Multivariate normal with a corr_matrix parameter under an lkj_corr prior
// and half-Cauchy scales, combined into a cov_matrix transformed parameter.
data {
  int<lower=1> N;
  int<lower=2> K;
  array[N] vector[K] y;
}
parameters {
  vector[K] mu;
  vector<lower=0>[K] tau;
  corr_matrix[K] Omega;
}
transformed parameters {
  cov_matrix[K] Sigma = quad_form_diag(Omega, tau);
}
model {
  mu ~ normal(0, 10);
  tau ~ cauchy(0, 2.5);
  Omega ~ lkj_corr(2);
  y ~ multi_normal(mu, Sigma);
}
generated quantities {
  array[N] vector[K] y_rep = multi_normal_rng(rep_array(mu, N), Sigma);
}
