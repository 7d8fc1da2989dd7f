// One name declared in two scopes, with the same expression computed in
// each: code motion must keep the two apart (stanc3's lazy code motion
// once merged them).
data {
  int<lower=1> N;
  vector[N] x;
  vector[N] y;
}
parameters {
  real a;
  real b;
  real<lower=0> sigma;
}
model {
  {
    real t = a * 2;
    y ~ normal(t + b * x, sigma);
  }
  {
    real t = b * 2;
    target += normal_lpdf(a | t, 10);
  }
  for (n in 1:N) {
    real t = a * 2;
    target += -0.5 * square((y[n] - t - b * x[n]) / (10 * sigma));
  }
  a ~ normal(0, 5);
  b ~ normal(0, 5);
  sigma ~ exponential(1);
}
generated quantities {
  real t = a * 2;
  {
    real u = t;
    t = b * 2 + u;
  }
}
