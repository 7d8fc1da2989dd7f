// partial-eval's GLM rows where they apply: a density at X * beta + alpha
// (either order, or no intercept) becomes the GLM when X, beta and alpha
// (and the normal's outcome and scale) are proved finite and so bounded
// that the predictor cannot overflow; lpmf and lupmf (~) alike
data {
  int<lower=0> N;
  int<lower=0> K;
  matrix<lower=0, upper=1>[N, K] X;
  array[N] int<lower=0, upper=1> z;
  array[N] int<lower=0> c;
  vector<lower=-100, upper=100>[N] y;
}
parameters {
  real<lower=-5, upper=5> alpha;
  vector<lower=-5, upper=5>[K] beta;
  real<lower=0.1, upper=10> sigma;
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
}
