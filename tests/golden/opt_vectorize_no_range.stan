// vectorize-loops, refused: slices and gathers not proved inside their
// containers (a vectorized index error would come before a domain error
// of an earlier iteration).  A range 1:K with K unrelated to y's size N;
// a start K that may be 0; a gather by g with no upper bound, and by h
// whose upper bound J exceeds b's size M; a local whose size may have
// changed since its declaration (L is assigned after).
data {
  int<lower=1> N;
  int<lower=0> K;
  int<lower=1> J;
  int<lower=1> M;
  vector[N] y;
  array[N] int<lower=1> g;
  array[N] int<lower=1, upper=J> h;
}
parameters {
  real mu;
  real<lower=0> sigma;
  vector[J] a;
  vector[M] b;
}
model {
  for (n in 1:K) {
    y[n] ~ normal(mu, sigma);
  }
  for (n in K:N) {
    y[n] ~ normal(mu, sigma);
  }
  for (n in 1:N) {
    y[n] ~ normal(a[g[n]], sigma);
  }
  for (n in 1:N) {
    y[n] ~ normal(b[h[n]], sigma);
  }
  {
    int L = N;
    vector[L] z = y;
    L = 1;
    for (n in 1:L) {
      z[n] ~ normal(mu, sigma);
    }
  }
}
