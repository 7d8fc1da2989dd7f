// Vectorized normal densities whose arguments are elementwise trees,
// emitted as one loop with the partials added straight into the leaves
// (backend/emit_fused.c): gathers (in the location, the variate and the
// scale), slices, scalar leaves (variables, expressions, a user
// function's value), an expression scale (scalar and elementwise), a
// row vector, _lpdf and _lupdf, a density scaled by a constant
// (fused_normal_zero.stan compares their values with the inlined normal's).
functions {
  real shift(real a, real b) {
    return a + 0.5 * b;
  }
}
data {
  int<lower=2> N;
  int<lower=1> J;
  array[N] int<lower=1, upper=J> g;
  vector[N] x;
  vector[N] y;
  row_vector[N] r;
}
parameters {
  vector[J] a;
  real b;
  real<lower=0> s;
  real<lower=0> tau;
  vector[N] u;
  vector<lower=0>[J] sj;
}
model {
  a ~ normal(0, 1);
  b ~ normal(0, 1);
  s ~ normal(0, 1);
  tau ~ normal(0, 1);
  sj ~ normal(1, 1);
  u ~ normal(0, 2);
  y ~ normal(a[g] + b * x, s);
  target += normal_lupdf(y[2:N] | b + shift(b, s) * y[1:(N - 1)], sqrt(square(s) + square(tau)));
  target += normal_lpdf(u[2:N] | (-u[1:(N - 1)] * b) ./ (1 + square(x[2:N])), tau);
  u ~ normal(x .* exp(a[g]) - b, sj[g]);
  a[g] ~ normal(u / 3, s + tau * exp(x));
  u + a[g] ~ normal(y, 2 + b * b);
  r ~ normal(b * r - u', exp(b) + s * tau);
  target += 0.5 * normal_lpdf(y | b * x - a[g], exp(tau));
}
