// The embedded Laplace functions pass their function the items of the
// tuple after it (Stan Functions Reference, "Embedded Laplace
// Approximation"); an item that is itself a tuple reaches a tuple
// argument, whose slots the items become (tests/run/models/
// tuple_laplace).  The items of a tuple that is not a tuple expression
// (a function's result here) are not known one by one: refused by name
// before any C is written.
functions {
  real ll(vector theta, real s, tuple(real, vector) p) {
    return normal_lpdf(p.2 | theta, s * p.1);
  }
  tuple(real, tuple(real, vector)) args(real s, vector z) {
    return (s, (1.0, z));
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
  real<lower=0> sigma;
}
model {
  target += laplace_marginal(ll, args(sigma, z), 1, K_function,
                             (x, 1.0, 1.0));
}
