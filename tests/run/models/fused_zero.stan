// gradcheck: the log density is zero
// The value of the fused normal (backend/emit_fused.c: a density alone on
// the right of target += gives its value from the fused loop) against the
// runtime's general function (a negated density is computed as a value),
// with and without propto, for a scalar and an elementwise scale, a
// gather, slices and a user function's value as a scalar leaf; the same
// for bernoulli_logit and poisson_log.
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
  array[N] int<lower=0, upper=1> z;
  array[N] int<lower=0> c;
}
parameters {
  vector[J] a;
  real b;
  real ls;  // unconstrained: a Jacobian would make the density non-zero
}
model {
  target += normal_lpdf(y | a[g] + b * x, exp(ls));
  target += -normal_lpdf(y | a[g] + b * x, exp(ls));
  target += normal_lupdf(y | a[g] + b * x, exp(ls));
  target += -normal_lupdf(y | a[g] + b * x, exp(ls));
  target += normal_lpdf(y | a[g] + b * x, exp(ls) * exp(x) + a[g] .* a[g]);
  target += -normal_lpdf(y | a[g] + b * x, exp(ls) * exp(x) + a[g] .* a[g]);
  target += normal_lupdf(y | a[g] + b * x, exp(ls) * exp(x) + a[g] .* a[g]);
  target += -normal_lupdf(y | a[g] + b * x, exp(ls) * exp(x) + a[g] .* a[g]);
  target += normal_lupdf(y[2:N] | shift(b, ls) * y[1:(N - 1)], exp(b));
  target += -normal_lupdf(y[2:N] | shift(b, ls) * y[1:(N - 1)], exp(b));
  target += normal_lupdf(y[2:N] | x[1:(N - 1)] * 2, 3);
  target += -normal_lupdf(y[2:N] | x[1:(N - 1)] * 2, 3);
  target += normal_lpdf(y[2:N] | x[1:(N - 1)] * 2, 3);
  target += -normal_lpdf(y[2:N] | x[1:(N - 1)] * 2, 3);
  target += bernoulli_logit_lpmf(z | a[g] * b - x);
  target += -bernoulli_logit_lpmf(z | a[g] * b - x);
  target += poisson_log_lpmf(c | a[g] * b - x);
  target += -poisson_log_lpmf(c | a[g] * b - x);
  target += poisson_log_lupmf(c | a[g] * b - x);
  target += -poisson_log_lupmf(c | a[g] * b - x);
}
