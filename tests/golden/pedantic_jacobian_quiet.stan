functions {
  real my_upper_bound_jacobian(real x, real ub) {
    jacobian += x;
    return ub - exp(x);
  }
  real twice_upper_jacobian(real x, real ub) {
    return 2 * my_upper_bound_jacobian(x, ub);
  }
}
parameters {
  real b_raw;
  real c_raw;
}
transformed parameters {
  real b = exp(b_raw);
  jacobian += b_raw;
  real c = twice_upper_jacobian(c_raw, 1);
}
model {
  b ~ normal(0, 1);
  c ~ normal(0, 1);
}
