// issue 746: sigma is a scale of x's prior, and has one prior itself;
// priors on distinct elements of one vector
parameters {
  real x;
  real<lower=0> sigma;
  vector[2] b;
}
model {
  x ~ normal(0, sigma);
  sigma ~ exponential(1);
  b[1] ~ normal(0, 1);
  b[2] ~ normal(0, 2);
}
