// Overdispersed counts (e.g. weekly pest-trap catches): negative binomial
// regression with neg_binomial_2_log and an exponential prior on the
// reciprocal square root of the dispersion.
data {
  int<lower=0> N;
  int<lower=1> K;
  matrix[N, K] X;
  array[N] int<lower=0> y;
}
parameters {
  real alpha;
  vector[K] beta;
  real<lower=0> inv_sqrt_phi;
}
transformed parameters {
  real<lower=0> phi = inv_square(inv_sqrt_phi);
}
model {
  alpha ~ normal(1, 2);
  beta ~ normal(0, 1);
  inv_sqrt_phi ~ exponential(1);
  y ~ neg_binomial_2_log(alpha + X * beta, phi);
}
generated quantities {
  array[N] int y_rep = neg_binomial_2_log_rng(alpha + X * beta, phi);
  real mean_y_rep = mean(to_vector(y_rep));
}
