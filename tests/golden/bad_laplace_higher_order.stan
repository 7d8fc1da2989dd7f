// Functions Reference, "Embedded Laplace Approximation": the likelihood may only use functions with higher-order derivatives.
functions {
  real ll_function(vector theta, real eta, vector log_ye, array[] int y) {
    return neg_binomial_2_lpmf(y | exp(log_ye + theta), eta);
  }
  matrix K_function(array[] vector x, int n_obs, real alpha, real rho) {
    return add_diag(gp_exp_quad_cov(x, alpha, rho), 1e-8);
  }
  vector rhs(real t, vector z, real k) {
    return -k * z;
  }
  real ll_ode(vector theta, real eta, real c) {
    array[1] vector[2] z = ode_rk45(rhs, [1, 1]', 0, {1.0}, eta);
    return sum(z[1]) + sum(theta);
  }
  real ll_outer(vector theta, real eta, real c) {
    return ll_ode(theta, eta, c);
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
  target += laplace_marginal(ll_outer, (eta, 1.0), 1, K_function,
                             (x, n_obs, alpha, rho));
}
