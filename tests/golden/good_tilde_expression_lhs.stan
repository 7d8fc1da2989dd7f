parameters {
  real<lower=0> s;
}
model {
  log(s) ~ normal(0, 1);
  target += -log(s);
}
