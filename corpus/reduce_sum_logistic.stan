// Logistic regression whose likelihood is split into slices and summed with
// reduce_sum over a user-defined partial-sum _lpmf (called through its
// _lupmf form), inside a profile block.
functions {
  real partial_log_lik_lpmf(array[] int y_slice, int start, int end,
                            matrix X, real alpha, vector beta) {
    return bernoulli_logit_lupmf(y_slice | alpha + X[start:end] * beta);
  }
}
data {
  int<lower=0> N;
  int<lower=1> K;
  matrix[N, K] X;
  array[N] int<lower=0, upper=1> y;
  int<lower=1> grainsize;
}
parameters {
  real alpha;
  vector[K] beta;
}
model {
  alpha ~ normal(0, 2);
  beta ~ normal(0, 1);
  profile("likelihood") {
    target += reduce_sum(partial_log_lik_lupmf, y, grainsize, X, alpha, beta);
  }
}
generated quantities {
  vector[N] log_lik;
  for (n in 1:N) {
    log_lik[n] = partial_log_lik_lpmf({y[n]} | n, n, X, alpha, beta);
  }
}
