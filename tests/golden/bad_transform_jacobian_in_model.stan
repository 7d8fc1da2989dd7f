// A _jacobian function adds to the Jacobian accumulator, which only the
// transformed parameters block and other _jacobian functions may do
// (Stan Functions Reference 2.37, "Variable Transformation Functions";
// Reference Manual, "Increment log density with a change of variables
// adjustment").
parameters {
  real y;
}
model {
  real x = lower_bound_jacobian(y, 0);
  y ~ normal(0, 1);
}
