// ode_rk45 in the trace: the call is one primitive node (the solver's
// evaluations of the right-hand side are not listed); its backward rule
// solves again with forward sensitivities, the right-hand side's
// Jacobians from the interpreter's backward pass over it.
functions {
  vector decay(real t, vector y, real k, array[] real r) {
    return [-k * y[1], k * y[1] - r[1] * y[2]]';
  }
}
data {
  array[3] real ts;
  array[3] real obs;
}
parameters {
  real<lower=0> k;
  real<lower=0> y0;
}
model {
  array[3] vector[2] y = ode_rk45(decay, [y0, 0]', 0, ts, k, {0.5});
  k ~ lognormal(0, 1);
  y0 ~ lognormal(0, 1);
  for (t in 1:3) obs[t] ~ normal(y[t, 2], 0.1);
}
