// Final locals in nested blocks (backend/emit_final.c): declared and
// assigned in the body of an outer loop and read by a fused inner loop
// (one value per outer iteration, each with its own adjoint); assigned in
// one branch of an if and read after it in that branch; declared in a
// block and assigned inside an if, then read after the if.
data {
  int<lower=0> N;
  vector[N] x;
  vector[N] y;
}
parameters {
  vector[2] a;
  real<lower=0> s;
}
model {
  a ~ normal(0, 1);
  s ~ lognormal(0, 0.5);
  for (k in 1:2) {
    real h = exp(a[k]) / k;
    for (n in 1:N)
      y[n] ~ normal(h * x[n], s);
  }
  if (N > 1) {
    real g = a[1] * a[2];
    for (n in 1:N)
      target += -0.5 * square(y[n] - g * x[n]);
  } else {
    target += -square(a[1]);
  }
  {
    real t;
    if (N >= 1)
      t = log1p_exp(a[2]);
    for (n in 1:N)
      y[n] ~ normal(t + x[n], s);
  }
}
