// The embedded Laplace approximation with a user log likelihood that is
// not Gaussian (Stan Functions Reference, "Embedded Laplace
// Approximation"): the Poisson likelihood written as a user function, with
// offsets m as a likelihood argument, must give what the built-in
// laplace_marginal_poisson_log_lpmf gives (checked at each point); its
// gradient needs the likelihood's third derivatives, which
// runtime/laplace_user.c takes from differences of the gradient.
functions {
  real ll(vector theta, vector m, data array[] int y, data array[] int g) {
    return poisson_log_lpmf(y | theta[g] + m[g]);
  }
  matrix K_function(array[] real x, real alpha, real rho) {
    return add_diag(gp_exp_quad_cov(x, alpha, rho), 1e-6);
  }
}
data {
  int n;
  int ny;
  array[ny] int y;
  array[ny] int g;
  array[n] real x;
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
  vector[n] m;
}
model {
  real lap = laplace_marginal(ll, (m, y, g), 1, K_function, (x, alpha, rho));
  real builtin = laplace_marginal_poisson_log_lpmf(y | g, m, 1, K_function,
                                                   (x, alpha, rho));
  if (abs(lap - builtin) > 1e-6 * (1 + abs(builtin)))
    reject("laplace_user_poisson: user ", lap, ", built-in ", builtin);
  alpha ~ normal(1, 0.5);
  rho ~ normal(1, 0.5);
  m ~ normal(0, 1);
  target += lap;
}
generated quantities {
  vector[n] theta = laplace_latent_rng(ll, (m, y, g), n, K_function,
                                       (x, alpha, rho));
}
