parameters {
  real<lower=0> y;
  real z;
}
model {
  log(y) ~ normal(0, 1);
  target += normal_lpdf(z * z | 0, 1);
}
