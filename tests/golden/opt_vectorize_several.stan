// vectorize-loops, accepted: a body of several increments.  Each becomes
// one vectorized increment, in the same order, under one guard; with a
// literal non-empty range there is no guard; a `~` and a target += mix.
data {
  int<lower=0> N;
  vector[N] x;
  vector[N] y;
  array[N] int<lower=0, upper=1> z;
  vector[2] t;
  array[2] real q;
}
parameters {
  real mu;
  real<lower=0> sigma;
  real theta;
}
model {
  for (n in 1:N) {
    y[n] ~ normal(mu + x[n], sigma);
    target += bernoulli_logit_lpmf(z[n] | theta * x[n]);
  }
  for (n in 1:2) {
    t[n] ~ normal(mu, sigma);
    q[n] ~ cauchy(mu, sigma);
  }
}
