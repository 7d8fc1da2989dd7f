// A location and a positive scale: reads, a constraining transform with
// its log-Jacobian, two priors and a vectorized likelihood.
data {
  int<lower=0> N;
  vector[N] y;
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  mu ~ normal(0, 10);
  sigma ~ exponential(1);
  y ~ normal(mu, sigma);
}
