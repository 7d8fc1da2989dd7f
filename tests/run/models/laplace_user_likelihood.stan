// The embedded Laplace approximation with a user log likelihood
// (Stan Functions Reference, "Embedded Laplace Approximation":
// laplace_marginal, laplace_marginal_tol, laplace_latent_rng,
// laplace_latent_tol_rng; backend/emit_laplace.c, runtime/laplace_user.c).
// With a normal likelihood the approximation is exact: each point checks
// it against multi_normal(z | 0, K + sigma^2 I).  The gradient reaches the
// covariance function's arguments through its vector-Jacobian product and
// the likelihood's sigma through the likelihood's reverse function; the
// Hessian comes from differences of the gradient.
functions {
  real ll(vector theta, real sigma, data vector z) {
    return normal_lpdf(z | theta, sigma);
  }
  matrix K_function(array[] real x, real alpha, real rho) {
    return add_diag(gp_exp_quad_cov(x, alpha, rho), 1e-6);
  }
}
data {
  int n;
  vector[n] z;
  array[n] real x;
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
  real<lower=0> sigma;
}
model {
  real lap = laplace_marginal(ll, (sigma, z), 1, K_function,
                              (x, alpha, rho));
  real exact = multi_normal_lpdf(z | rep_vector(0, n),
                                 add_diag(K_function(x, alpha, rho),
                                          square(sigma)));
  if (abs(lap - exact) > 1e-6 * (1 + abs(exact)))
    reject("laplace_user_likelihood: Laplace ", lap, ", exact ", exact);
  alpha ~ normal(1, 0.5);
  rho ~ normal(1, 0.5);
  sigma ~ normal(0.5, 0.2);
  target += lap;
  target += 0.5 * laplace_marginal_tol(ll, (sigma, z), n, K_function,
                                       (x, alpha, rho),
                                       (rep_vector(0, n), 1e-10, 100, 2, 10,
                                        1));
}
generated quantities {
  vector[n] theta = laplace_latent_rng(ll, (sigma, z), 1, K_function,
                                       (x, alpha, rho));
  vector[n] theta_tol = laplace_latent_tol_rng(ll, (sigma, z), 1,
                          K_function, (x, alpha, rho),
                          (rep_vector(0, n), 1e-10, 100, 1, 10, 1));
}
