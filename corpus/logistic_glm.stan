// Logistic regression through the fused bernoulli_logit_glm likelihood.
// The location and scale of the coefficient prior arrive as a data tuple.
data {
  int<lower=0> N;
  int<lower=1> K;
  matrix[N, K] X;
  array[N] int<lower=0, upper=1> y;
  tuple(real, real<lower=0>) beta_prior;   // (location, scale)
}
parameters {
  real alpha;
  vector[K] beta;
}
model {
  alpha ~ student_t(3, 0, 2.5);
  beta ~ normal(beta_prior.1, beta_prior.2);
  y ~ bernoulli_logit_glm(X, alpha, beta);
}
generated quantities {
  vector[N] log_lik;
  for (n in 1:N) {
    log_lik[n] = bernoulli_logit_lpmf(y[n] | alpha + X[n] * beta);
  }
  array[N] int y_rep = bernoulli_logit_rng(alpha + X * beta);
}
