// gradcheck: the log density is zero
// A _jacobian transform function in transformed parameters adds the
// transform's log Jacobian to the density when it is asked for (Stan
// Functions Reference 2.37, "Variable Transformation Functions";
// Reference Manual, "Constraint Transforms"): the model block subtracts
// each log Jacobian written out by hand, so the density is 0 everywhere
// only if every _jacobian call added exactly its own.
parameters {
  real y;
  vector[2] v;
  real lb;
  real lw;
}
transformed parameters {
  real x = lower_upper_bound_jacobian(y, lb, lb + exp(lw));
  vector[2] p = lower_bound_jacobian(v, lb);
  vector[2] q = upper_bound_jacobian(v, lb);
  vector[2] o = offset_multiplier_jacobian(v, lb, exp(lw));
  real s = lower_upper_bound_jacobian(y, lb, positive_infinity());
}
model {
  target += -(lw + log_inv_logit(y) + log1m_inv_logit(y));
  target += -2 * sum(v) - 2 * lw - y;
}
