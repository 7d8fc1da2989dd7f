// Hierarchical success rates (e.g. free-throw percentages per player) whose
// constrained parameters are produced by hand-written transforms: functions
// ending in _jacobian add their log-Jacobian with `jacobian +=`, and one
// transform is written inline in transformed parameters.
functions {
  // softplus: R -> (0, inf); d/dx log1p_exp(x) = inv_logit(x)
  real softplus_jacobian(real x) {
    jacobian += log_inv_logit(x);
    return log1p_exp(x);
  }
  // scaled logistic: R^K -> (lb, ub)^K
  vector interval_jacobian(vector x, real lb, real ub) {
    jacobian += sum(log(ub - lb) + log_inv_logit(x) + log1m_inv_logit(x));
    return lb + (ub - lb) * inv_logit(x);
  }
}
data {
  int<lower=1> K;
  array[K] int<lower=0> attempts;
  array[K] int<lower=0> made;
}
parameters {
  vector[K] p_free;
  real kappa_free;
  real phi_free;
}
transformed parameters {
  vector<lower=0, upper=1>[K] p = interval_jacobian(p_free, 0, 1);
  real<lower=0> kappa = softplus_jacobian(kappa_free);
  jacobian += log_inv_logit(phi_free) + log1m_inv_logit(phi_free);
  real<lower=0, upper=1> phi = inv_logit(phi_free);
}
model {
  phi ~ beta(2, 2);
  kappa ~ gamma(2, 0.1);
  p ~ beta(phi * kappa, (1 - phi) * kappa);
  made ~ binomial(attempts, p);
}
generated quantities {
  array[K] int made_rep = binomial_rng(attempts, p);
}
