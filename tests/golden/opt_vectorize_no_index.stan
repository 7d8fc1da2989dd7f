// vectorize-loops, refused: n used other than as x[n + c].  An index n * 2
// or N - n + 1 (not n plus an offset), n as a value, a two-dimensional
// index X[n, 1], an index of an index that is not a gather g[n] (x[n][1]
// of an array of vectors), a complex value.
data {
  int<lower=1> N;
  vector[2 * N] y;
  vector[N] x;
  matrix[N, 2] X;
  array[N] vector[2] v;
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  for (n in 1:N) {
    y[n * 2] ~ normal(mu, sigma);
  }
  for (n in 1:N) {
    x[N - n + 1] ~ normal(mu, sigma);
  }
  for (n in 1:N) {
    x[n] ~ normal(mu * n, sigma);
  }
  for (n in 1:N) {
    X[n, 1] ~ normal(mu, sigma);
  }
  for (n in 1:N) {
    v[n][1] ~ normal(mu, sigma);
  }
}
