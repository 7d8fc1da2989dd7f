// sample context=prior (tests/context/prior.sh): the likelihood, far from
// the prior, is left out, so mu's draws are normal(1.5, 2)'s and yrep's
// (the generated quantities) the prior predictive normal(1.5, sqrt(5)).
data {
  int<lower=0> N;
  vector[N] y;
}
parameters {
  real mu;
}
model {
  mu ~ normal(1.5, 2);
  y ~ normal(mu, 1);
}
generated quantities {
  real yrep = normal_rng(mu, 1);
}
