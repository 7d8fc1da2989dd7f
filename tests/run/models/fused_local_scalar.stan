// A fused loop (target increments only) reading a scalar local with
// derivatives assigned once before it (backend/emit_final.c): the loop adds
// its partials into the local's adjoint in the forward sweep, and the
// reverse sweep starts the adjoint from them.  The local is declared in the
// model block (its adjoint goes through the stack with its value), and a
// temporary-like local at the top of a nested block is read by a fused
// statement outside any loop too.
data {
  int<lower=0> N;
  vector[N] x;
  vector[N] y;
}
parameters {
  real log_scale;
  real mu;
  real<lower=0> s;
}
model {
  real h = exp(log_scale);
  log_scale ~ normal(0, 1);
  mu ~ normal(0, 1);
  s ~ lognormal(0, 0.5);
  for (n in 1:N)
    y[n] ~ normal(h * x[n] + mu, s);
  y[1] ~ normal(h, s + 1);
}
