// The embedded Laplace functions pass their function argument the items
// of the tuple after it (Stan Functions Reference, "Embedded Laplace
// Approximation"); an item that is itself a tuple reaches a tuple
// argument, which mir/untuple_calls.c takes apart: the tuple's items
// become the slots.  As in laplace_user_likelihood, the likelihood is
// normal, so the approximation is exact: each point checks it against
// multi_normal(z | 0, K + sigma^2 I).
functions {
  real ll(vector theta, tuple(real, real) sp, data vector z) {
    return normal_lpdf(z | theta + sp.2, sp.1);
  }
  matrix K_function(tuple(array[] real, real) xa, real rho) {
    return add_diag(gp_exp_quad_cov(xa.1, xa.2, rho), 1e-6);
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
  tuple(array[n] real, real) xa = (x, alpha);
  real lap = laplace_marginal(ll, ((sigma, 0.0), z), 1, K_function,
                              (xa, rho));
  real exact = multi_normal_lpdf(z | rep_vector(0, n),
                                 add_diag(K_function(xa, rho),
                                          square(sigma)));
  if (abs(lap - exact) > 1e-6 * (1 + abs(exact)))
    reject("tuple_laplace: Laplace ", lap, ", exact ", exact);
  alpha ~ normal(1, 0.5);
  rho ~ normal(1, 0.5);
  sigma ~ normal(0.5, 0.2);
  target += lap;
}
