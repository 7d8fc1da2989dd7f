// sample context=prior (tests/context/prior.sh) with a constrained
// parameter: the draws of sigma are gamma(3, 2)'s (mean 1.5, sd 0.866),
// so the constraint's Jacobian counts in the prior, and the likelihood
// (a target += of data and sigma) does not.
data {
  int<lower=0> N;
  vector[N] y;
}
parameters {
  real<lower=0> sigma;
}
model {
  sigma ~ gamma(3, 2);
  target += normal_lpdf(y | 0, sigma);
}
