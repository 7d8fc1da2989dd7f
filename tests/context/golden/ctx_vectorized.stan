// Loops of `~`: at --O1 (tests/context/run.sh) vectorize-loops makes each
// one vectorized statement, which keeps its context (the classification
// after the pass: tests/unit/test_factor_graph.c, test_contexts_vectorized).
data {
  int<lower=0> N;
  int<lower=0> K;
  vector[N] y;
  matrix[N, K] X;
}
parameters {
  vector[K] beta;
  real<lower=0> sigma;
}
model {
  for (k in 1:K)
    beta[k] ~ normal(0, 2);
  sigma ~ exponential(1);
  vector[N] mu = X * beta;
  for (n in 1:N)
    y[n] ~ normal(mu[n], sigma);
}
