// Locals whose value is not final once assigned (backend/emit_final.c):
// reassigned after a loop read it, assigned in a loop around its reads,
// assigned in one branch and read in the other.  Fused loops must not
// read them: their adjoint would mix the partials of two values.
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
  real h = exp(a);
  a ~ normal(0, 1);
  b ~ normal(0, 1);
  s ~ lognormal(0, 0.5);
  for (n in 1:N)
    y[n] ~ normal(h * x[n], s);
  h = exp(b);
  for (n in 1:N)
    y[n] ~ normal(h * x[n], 2 * s);
  {
    real g;
    for (k in 1:2) {
      g = a * k;
      for (n in 1:N)
        y[n] ~ normal(g * x[n], s + k);
    }
  }
  {
    real c;
    if (N > 100)
      c = b;
    else
      for (n in 1:N)
        target += -0.01 * square(y[n] - b);
  }
}
