// Functions Reference, "Embedded Laplace Approximation": the _tol forms end with the control tuple.
functions {
  real ll_function(vector theta, real eta, vector log_ye, array[] int y) {
    return neg_binomial_2_lpmf(y | exp(log_ye + theta), eta);
  }
  matrix K_function(array[] vector x, int n_obs, real alpha, real rho) {
    return add_diag(gp_exp_quad_cov(x, alpha, rho), 1e-8);
  }
}
data {
  int n_obs;
  array[n_obs] int y;
  vector[n_obs] log_ye;
  array[n_obs] vector[2] x;
}
transformed data {
  vector[n_obs] theta_0 = rep_vector(0.0, n_obs);
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
  real<lower=0> eta;
}
model {
  target += laplace_marginal_tol(ll_function, (eta, log_ye, y), 1,
                                 K_function, (x, n_obs, alpha, rho));
}
