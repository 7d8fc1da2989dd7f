parameters {
  real y;
}
model {
  y ~ normal_rng(0, 1);
}
