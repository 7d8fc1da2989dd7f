parameters {
  real x;
  real<lower=0> y;
}
model {
  x ~ normal(-100, 100);
  y ~ exponential(0.01);
}
