// constants of unit scale, and zero
parameters {
  real x;
  real<lower=0> y;
}
model {
  x ~ normal(0, 2.5);
  y ~ exponential(1);
}
