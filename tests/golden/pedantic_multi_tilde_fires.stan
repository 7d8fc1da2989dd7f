data {
  real x;
}
parameters {
  real a;
  real b;
}
model {
  a ~ normal(0, 1);
  a ~ normal(x, 1);
  target += normal_lpdf(a | 0, 1);
  b ~ normal(1, 1);
}
