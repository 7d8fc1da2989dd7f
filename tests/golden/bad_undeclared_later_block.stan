parameters {
  real<lower=0> s;
}
model {
  s ~ normal(0, q);
}
generated quantities {
  real q = 1;
}
