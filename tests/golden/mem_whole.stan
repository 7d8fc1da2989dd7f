// --debug-mem-patterns: a regression whose vectors and matrices are only
// used whole, through functions with an SoA implementation: every one is
// SoA (the flag runs the --O1 passes, where the soa pass decides).
data {
  int<lower=0> N;
  int<lower=0> K;
  matrix[N, K] X;
  vector[N] y;
}
parameters {
  real alpha;
  vector[K] beta;
  real<lower=0> sigma;
}
transformed parameters {
  vector[N] mu = alpha + X * beta;
}
model {
  beta ~ normal(0, 1);
  y ~ normal(mu, sigma);
}
