parameters {
  real y;
}
model {
  y ~ normal(0);
}
