// A mixture written out in a loop: the factor sits in the plate of n,
// the data read through y[n] and the labels through z[n].
data {
  int<lower=1> N;
  int<lower=1> K;
  vector[N] y;
  array[N] int<lower=1, upper=K> z;
}
parameters {
  simplex[K] theta;
  ordered[K] mu;
  real<lower=0> sigma;
}
model {
  mu ~ normal(0, 5);
  sigma ~ exponential(1);
  for (n in 1:N) {
    z[n] ~ categorical(theta);
    y[n] ~ normal(mu[z[n]], sigma);
  }
}
