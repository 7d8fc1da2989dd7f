// A local read both by a fused loop (partials added in the forward sweep)
// and by statements that are not fused (partials added in the reverse
// sweep): a loop that also assigns, and the last statement, whose density
// waits for the reverse sweep.  The reverse step of the local's
// assignment must take the sum of both.
data {
  int<lower=0> N;
  vector[N] x;
  vector[N] y;
}
parameters {
  real log_scale;
  real<lower=0> s;
}
model {
  real h = exp(log_scale);
  real acc = 0;
  log_scale ~ normal(0, 1);
  s ~ lognormal(0, 0.5);
  for (n in 1:N)
    y[n] ~ normal(h * x[n], s);
  for (n in 1:N)
    acc += h * x[n];
  target += -0.1 * square(acc);
  y[N] ~ normal(h * acc, 2 * s);
}
