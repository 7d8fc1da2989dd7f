// loop-invariant code motion: exp(mu) in a loop that surely runs (1:5) is
// computed once before it, and so is a / b in 1:M with M >= 1 by its
// declaration; a * b in a loop that may not run (N may be 0) goes before
// it under if (1 <= N); exp(mu * i), which changes with i, stays.  In
// log_prob, -exp(mu), with derivatives, goes before the model block's
// loop too: its temporary is assigned once, outside any loop, so the
// backend's fused loop may read it (backend/emit_final.c).
data {
  int<lower=0> N;
  int<lower=1> M;
  real a;
  real b;
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
  for (m in 1:M) {
    target += -exp(mu) * m;
  }
}
generated quantities {
  real s = 0;
  for (i in 1:5) {
    s += exp(mu) * i;
    s += exp(mu * i);
  }
  for (n in 1:N) {
    s += a * b;
  }
  for (m in 1:M) {
    s += a / b;
  }
}
