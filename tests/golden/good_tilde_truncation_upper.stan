parameters {
  real<upper=2> y;
}
model {
  y ~ normal(0, 1) T[, 2];
}
