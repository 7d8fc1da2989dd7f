// vectorize-loops, refused by the types.  Only invariant arguments (added
// N times, not once); an invariant container argument (theta would pair
// with every y[n], not elementwise); int arithmetic (k[n] + 1: int
// division and overflow differ from real); a density without a vectorized
// signature (hypergeometric).
data {
  int<lower=1> N;
  vector[N] y;
  array[N] int<lower=0> k;
  vector[3] theta;
}
parameters {
  real mu;
  real<lower=0> sigma;
  real<lower=0> lambda;
}
model {
  for (n in 1:N) {
    mu ~ normal(0, 1);
  }
  for (n in 1:N) {
    y[n] ~ normal(theta, sigma);
  }
  for (n in 1:N) {
    k[n] + 1 ~ poisson(lambda);
  }
  for (n in 1:N) {
    k[n] ~ hypergeometric(10, 5, 5);
  }
}
