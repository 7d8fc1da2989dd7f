// Functions Reference, "Embedded Laplace Approximation", "Built-in Laplace
// marginal likelihood functions": the Poisson, negative binomial and
// Bernoulli forms, as functions, as ~ statements and as _lupmf, with and
// without the control tuple, and their laplace_latent_*_rng draws.
functions {
  matrix K_function(array[] vector x, int n_obs, real alpha, real rho) {
    return add_diag(gp_exp_quad_cov(x, alpha, rho), 1e-8);
  }
}
data {
  int n_obs;
  array[n_obs] int y;
  array[n_obs] int y_index;
  array[n_obs] int<lower=0, upper=1> z;
  array[n_obs] vector[2] x;
}
transformed data {
  vector[n_obs] m = rep_vector(0, n_obs);
  tuple(vector[n_obs], real, int, int, int, int) ops
      = (rep_vector(0, n_obs), 1e-8, 500, 1, 1000, 1);
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
  real<lower=0> eta;
}
model {
  y ~ laplace_marginal_poisson_log(y_index, m, 1, K_function,
                                   (x, n_obs, alpha, rho));
  target += laplace_marginal_poisson_log_lpmf(y | y_index, m, 1, K_function,
                                              (x, n_obs, alpha, rho));
  target += laplace_marginal_poisson_log_lupmf(y | y_index, m, 1,
                                               K_function,
                                               (x, n_obs, alpha, rho));
  y ~ laplace_marginal_tol_poisson_log(y_index, m, 1, K_function,
                                       (x, n_obs, alpha, rho), ops);
  y ~ laplace_marginal_neg_binomial_2_log(y_index, eta, m, 1, K_function,
                                          (x, n_obs, alpha, rho));
  target += laplace_marginal_tol_neg_binomial_2_log_lpmf(y | y_index, eta, m,
              1, K_function, (x, n_obs, alpha, rho), ops);
  z ~ laplace_marginal_bernoulli_logit(y_index, m, 1, K_function,
                                       (x, n_obs, alpha, rho));
  target += laplace_marginal_tol_bernoulli_logit_lupmf(z | y_index, m, 1,
              K_function, (x, n_obs, alpha, rho), ops);
}
generated quantities {
  vector[n_obs] t1 = laplace_latent_poisson_log_rng(y, y_index, m, 1,
                       K_function, (x, n_obs, alpha, rho));
  vector[n_obs] t2 = laplace_latent_tol_poisson_log_rng(y, y_index, m, 1,
                       K_function, (x, n_obs, alpha, rho), ops);
  vector[n_obs] t3 = laplace_latent_neg_binomial_2_log_rng(y, y_index, eta,
                       m, 1, K_function, (x, n_obs, alpha, rho));
  vector[n_obs] t4 = laplace_latent_tol_neg_binomial_2_log_rng(y, y_index,
                       eta, m, 1, K_function, (x, n_obs, alpha, rho), ops);
  vector[n_obs] t5 = laplace_latent_bernoulli_logit_rng(z, y_index, m, 1,
                       K_function, (x, n_obs, alpha, rho));
  vector[n_obs] t6 = laplace_latent_tol_bernoulli_logit_rng(z, y_index, m, 1,
                       K_function, (x, n_obs, alpha, rho), ops);
}
