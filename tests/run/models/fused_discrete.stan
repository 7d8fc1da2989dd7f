// bernoulli_logit and poisson_log of elementwise trees, emitted as one
// loop with the partials added straight into the leaves
// (backend/emit_fused.c): gathers, scalar leaves, _lpmf and _lupmf, an
// int variate that is one int.
data {
  int<lower=1> N;
  int<lower=1> J;
  array[N] int<lower=1, upper=J> g;
  array[N] int<lower=0, upper=1> z;
  array[N] int<lower=0> c;
  vector[N] x;
}
parameters {
  vector[J] a;
  vector<lower=0>[J] disc;
  real b;
}
model {
  a ~ normal(0, 1);
  disc ~ lognormal(0, 0.5);
  b ~ normal(0, 1);
  z ~ bernoulli_logit(disc[g] .* (a[g] - b));
  target += bernoulli_logit_lupmf(z | b * x + a[g]);
  c ~ poisson_log(log1p(x .* x) + b + a[g] * 0.5);
  target += poisson_log_lpmf(c | -b * x);
  target += poisson_log_lpmf(3 | a[g] - 1);
}
