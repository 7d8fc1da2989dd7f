// Functions Reference, "Embedded Laplace Approximation": laplace_marginal,
// laplace_marginal_tol, laplace_latent_rng and laplace_latent_tol_rng with
// a user log likelihood and covariance function.
functions {
  real ll_function(vector theta, real eta, data vector log_ye,
                   array[] int y) {
    return neg_binomial_2_lpmf(y | exp(log_ye + theta), eta);
  }
  matrix K_function(array[] vector x, int n_obs, real alpha, real rho) {
    matrix[n_obs, n_obs] K = gp_exp_quad_cov(x, alpha, rho);
    for (i in 1 : n_obs)
      K[i, i] += 1e-8;
    return K;
  }
}
data {
  int n_obs;
  array[n_obs] int y;
  vector[n_obs] ye;
  array[n_obs] vector[2] x;
}
transformed data {
  vector[n_obs] log_ye = log(ye);
  vector[n_obs] theta_0 = rep_vector(0.0, n_obs);
  real tolerance = 1e-6;
  int max_num_steps = 100;
  int hessian_block_size = 1;
  int solver = 1;
  int max_steps_line_search = 0;
  int allow_fallthrough = 1;
  tuple(vector[n_obs], real, int, int, int, int) ops
      = (theta_0, tolerance, max_num_steps, solver, max_steps_line_search,
         allow_fallthrough);
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
  real<lower=0> eta;
}
model {
  target += laplace_marginal(ll_function, (eta, log_ye, y),
                             hessian_block_size, K_function,
                             (x, n_obs, alpha, rho));
  target += laplace_marginal_tol(ll_function, (eta, log_ye, y), 1,
                                 K_function, (x, n_obs, alpha, rho),
                                 (theta_0, tolerance, max_num_steps, solver,
                                  max_steps_line_search, allow_fallthrough));
  target += laplace_marginal_tol(ll_function, (eta, log_ye, y), 1,
                                 K_function, (x, n_obs, alpha, rho), ops);
}
generated quantities {
  vector[n_obs] theta = laplace_latent_rng(ll_function, (eta, log_ye, y), 1,
                                           K_function,
                                           (x, n_obs, alpha, rho));
  vector[n_obs] theta2 = laplace_latent_tol_rng(ll_function,
                                                (eta, log_ye, y), 1,
                                                K_function,
                                                (x, n_obs, alpha, rho), ops);
}
