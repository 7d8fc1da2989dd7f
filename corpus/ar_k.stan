// AR(K) model written with explicit nested loops over time and lags.
data {
  int<lower=0> K;            // number of lags
  int<lower=0> N;
  array[N] real y;
}
parameters {
  real alpha;
  vector[K] beta;
  real<lower=0> sigma;
}
model {
  alpha ~ normal(0, 2);
  beta ~ normal(0, 0.5);
  sigma ~ exponential(1);
  for (t in (K + 1):N) {
    real mu = alpha;
    for (k in 1:K) {
      mu += beta[k] * y[t - k];
    }
    y[t] ~ normal(mu, sigma);
  }
}
generated quantities {
  array[N] real resid = rep_array(0.0, N);   // first K stay at zero
  for (t in (K + 1):N) {
    real mu = alpha;
    for (k in 1:K) {
      mu += beta[k] * y[t - k];
    }
    resid[t] = y[t] - mu;
  }
}
