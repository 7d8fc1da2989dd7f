// loops that may run zero times (N, J may be 0): what their body computes
// on every iteration and does not change goes before them, computed only
// when they run (if (lo <= hi)), in a temporary of their own declared
// there -- in log_prob too, with derivatives (exp(log_scale), shift():
// the fused loop reads them; backend/emit_final.c).  What cannot fail and
// is cheap goes out of the whole nest, though the inner loop may not run
// or only an if computes it (exp(mu) - 1, log(mu + 2)); what is
// invariant in the inner loop only goes before it, inside the outer one
// (mu * j).  Not moved: what changes with the loop (x[n] * mu), and
// log1p(mu), which may reject and comes after a print.  The guards' tests
// are not worth a temporary of their own (the last round of partial
// redundancy elimination shares 1 <= N, data, between two guards).
functions {
  real shift(real a, real b) {
    return a + 0.5 * b;
  }
}
data {
  int<lower=0> N;
  int<lower=0> J;
  vector[N] x;
  vector[N] y;
}
parameters {
  real mu;
  real log_scale;
  real<lower=0> s;
}
model {
  for (n in 1:N)
    y[n] ~ normal(shift(mu, log_scale) + exp(log_scale) * x[n], s);
  for (j in 1:J) {
    for (n in 1:N) {
      target += -square(y[n] - (exp(mu) - 1) * x[n] - mu * j);
      if (y[n] > 0)
        target += log(mu + 2);
    }
  }
  for (n in 1:N) {
    print("n = ", n);
    target += log1p(mu) * x[n] * mu;
  }
}
