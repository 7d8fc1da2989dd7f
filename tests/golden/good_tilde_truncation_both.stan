parameters {
  real<lower=0, upper=1> y;
}
model {
  y ~ normal(0, 1) T[0, 1];
}
