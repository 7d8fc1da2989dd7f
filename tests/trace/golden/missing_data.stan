// Data the file does not have: the sampler's message, exit 1.
data {
  int<lower=0> N;
  vector[N] y;
}
parameters {
  real mu;
}
model {
  y ~ normal(mu, 1);
}
