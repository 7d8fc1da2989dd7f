// partial-eval's GLM rows where they apply: a density at X * beta + alpha
// (either order, or no intercept) becomes the GLM when X, beta and alpha
// (and the normal's outcome and scale) are proved finite and so bounded
// that the predictor cannot overflow; lpmf and lupmf (~) alike;
// neg_binomial_2_log with any precision (both check it alike),
// ordered_logistic without an intercept
data {
  int<lower=0> N;
  int<lower=0> K;
  matrix<lower=0, upper=1>[N, K] X;
  array[N] int<lower=0, upper=1> z;
  array[N] int<lower=0> c;
  array[N] int<lower=1, upper=4> k;
  vector<lower=-100, upper=100>[N] y;
}
parameters {
  real<lower=-5, upper=5> alpha;
  vector<lower=-5, upper=5>[K] beta;
  real<lower=0.1, upper=10> sigma;
  real<lower=0> phi;
  ordered[3] cuts;
}
model {
  z ~ bernoulli_logit(alpha + X * beta);
  target += bernoulli_logit_lpmf(z | X * beta + alpha);
  z ~ bernoulli_logit(X * beta);
  target += bernoulli_logit_lupmf(z | X * beta + 2);
  c ~ poisson_log(X * beta + alpha);
  target += poisson_log_lpmf(c | alpha + X * beta);
  target += poisson_log_lpmf(c | X * beta);
  y ~ normal(X * beta + alpha, sigma);
  target += normal_lpdf(y | alpha + X * beta, sigma);
  y ~ normal(X * beta, sigma);
  c ~ neg_binomial_2_log(X * beta + alpha, phi);
  target += neg_binomial_2_log_lpmf(c | X * beta, phi);
  k ~ ordered_logistic(X * beta, cuts);
  target += ordered_logistic_lpmf(k | X * beta, cuts);
}
