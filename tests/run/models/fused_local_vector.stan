// A fused loop reading a vector local with derivatives, assigned whole
// once before it (backend/emit_final.c): the partials go into the
// elements of the local's adjoint in the forward sweep.
data {
  int<lower=0> N;
  vector[N] x;
  vector[N] y;
}
parameters {
  real a;
  real b;
  real<lower=0> s;
}
model {
  vector[N] m = a + b * x;
  a ~ normal(0, 1);
  b ~ normal(0, 1);
  s ~ lognormal(0, 0.5);
  for (n in 1:N)
    y[n] ~ normal(m[n], s);
  target += -0.5 * square(m[N] / 3);
}
