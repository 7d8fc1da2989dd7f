// Variables assigned once, whole, by the statement after their
// declaration (backend/emit_final.c, em_old_unneeded): no push or pop of
// the NaN they overwrite, no clearing of their adjoint after its reverse
// step.  Read by statements whose partials wait for the reverse sweep (an
// assignment of a reassigned local, a loop of assignments), in a loop
// body that declares one per iteration, and a parameter vector read in
// place (no storage of its own) and indexed in the reverse sweep.
data {
  int<lower=1> N;
  vector[N] x;
  vector[N] y;
}
parameters {
  real a;
  real<lower=0> s;
  vector[N] z;
}
transformed parameters {
  vector[N] theta = a + s * z;
  real m = mean(theta);
}
model {
  vector[N] r = y - theta;
  r = r .* x;
  target += -0.5 * dot_self(r);
  for (n in 1:N) {
    real w = theta[n] * z[n] + m;
    real u = w * w;
    target += -0.1 * u;
  }
  {
    real v = z[1] * a;
    r[1] = v;
    target += -0.2 * square(r[1]);
  }
  z ~ normal(0, 1);
  a ~ normal(0, 2);
  s ~ lognormal(0, 0.5);
}
