// Logistic regression on standardized predictors. Every density term is
// added with an explicit `target +=`; coefficients are mapped back to the
// original predictor scale in generated quantities.
data {
  int<lower=0> N;
  int<lower=1> K;
  matrix[N, K] X;
  array[N] int<lower=0, upper=1> y;
}
transformed data {
  vector[K] x_mean;
  vector[K] x_sd;
  matrix[N, K] Xs;
  for (k in 1:K) {
    x_mean[k] = mean(X[:, k]);
    x_sd[k] = sd(X[:, k]);
    Xs[:, k] = (X[:, k] - x_mean[k]) / x_sd[k];
  }
}
parameters {
  real alpha;
  vector[K] beta;
}
model {
  target += normal_lpdf(alpha | 0, 2.5);
  target += normal_lpdf(beta | 0, 1);
  target += bernoulli_logit_lpmf(y | alpha + Xs * beta);
}
generated quantities {
  vector[K] beta_orig = beta ./ x_sd;
  real alpha_orig = alpha - dot_product(x_mean, beta_orig);
  array[N] int y_rep = bernoulli_logit_rng(alpha + Xs * beta);
  real accuracy = 0;
  for (n in 1:N) {
    accuracy += y_rep[n] == y[n];
  }
  accuracy /= N;
}
