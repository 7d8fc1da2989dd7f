// The scalar transforms as functions (Stan Functions Reference 2.37,
// "Variable Transformation Functions"): _constrain and _unconstrain with
// every argument a parameter, scalars broadcast over vectors, infinite
// bounds, and _jacobian in transformed parameters, whose log Jacobian
// the density adds exactly as jacobian += would.
data {
  int<lower=1> N;
  vector[N] u;
}
transformed data {
  // round trips and the closed forms
  if (abs(lower_bound_unconstrain(lower_bound_constrain(0.3, 2), 2) - 0.3)
      > 1e-12
      || abs(lower_upper_bound_constrain(0, -1, 3) - 1) > 1e-12
      || abs(upper_bound_constrain(log(2), 1) + 1) > 1e-12
      || abs(offset_multiplier_unconstrain(7, 1, 2) - 3) > 1e-12
      || lower_bound_constrain(0.5, negative_infinity()) != 0.5
      || abs(lower_upper_bound_unconstrain(0.5, negative_infinity(), 1.0)
             - log(0.5)) > 1e-12)
    reject("transform_calls: a transform function is wrong");
}
parameters {
  real y;
  vector[N] v;
  real lb;
  real<lower=0> width;
  real<lower=0> scale;
  vector<lower=0>[N] pos;
}
transformed parameters {
  real x = lower_upper_bound_jacobian(y, lb, lb + width);
  vector[N] xp = lower_bound_jacobian(v, lb);
  vector[N] xu = upper_bound_jacobian(v, u);
  vector[N] xo = offset_multiplier_jacobian(v, lb, scale);
  real xs = lower_upper_bound_jacobian(y, negative_infinity(), lb);
}
model {
  y ~ normal(0, 1);
  v ~ normal(0, 1);
  lb ~ normal(0, 1);
  width ~ lognormal(0, 0.5);
  scale ~ lognormal(0, 0.5);
  pos ~ lognormal(0, 0.5);
  target += -square(x) - dot_self(xp) / 10 - dot_self(xu) / 10;
  target += -dot_self(xo) / 10 - square(xs) / 10;
  target += sum(lower_bound_constrain(v, lb)) / 10;
  target += upper_bound_constrain(y, width) / 10;
  target += lower_upper_bound_constrain(v[1], lb, lb + width) / 10;
  target += sum(offset_multiplier_constrain(u, v, scale)) / 10;
  target += sum(lower_bound_unconstrain(pos + lb, lb)) / 10;
  target += sum(upper_bound_unconstrain(lb - pos, lb)) / 10;
  target += lower_upper_bound_unconstrain(lb + width / 3, lb, lb + width) / 10;
  target += sum(offset_multiplier_unconstrain(u, v, scale)) / 10;
}
generated quantities {
  real g = lower_upper_bound_constrain(y, lb, lb + width);
}
