// The embedded Laplace approximation with the poisson_log likelihood
// (Stan Functions Reference, "Embedded Laplace Approximation", built-in
// likelihoods; backend/emit_laplace.c, runtime/laplace.c): the log
// marginal and its gradient in the covariance function's arguments (by
// the covariance function's vector-Jacobian product), the offsets m and
// the likelihood's own arguments, with and without the control tuple, as
// a function, a ~ statement and _lupmf; draws of theta in generated
// quantities.
functions {
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
transformed data {
  tuple(vector[n], real, int, int, int, int) ops
      = (rep_vector(0.1, n), 1e-10, 200, 1, 20, 1);
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
  vector[n] m;

}
model {
  alpha ~ normal(1, 0.5);
  rho ~ normal(1, 0.5);
  m ~ normal(0, 1);

  target += laplace_marginal_poisson_log_lpmf(y | g, m, 1, K_function,
                                             (x, alpha, rho));
  y ~ laplace_marginal_tol_poisson_log(g, m, 1, K_function,
                                     (x, alpha, rho), ops);
  target += 0.5 * laplace_marginal_poisson_log_lupmf(y | g, m, 1,
                                                  K_function, (x, 2 * alpha, rho));
}
generated quantities {
  vector[n] theta = laplace_latent_poisson_log_rng(y, g, m, 1,
                                                K_function, (x, alpha, rho));
  vector[n] theta_tol = laplace_latent_tol_poisson_log_rng(y, g, m, 1,
                          K_function, (x, alpha, rho), ops);
}
