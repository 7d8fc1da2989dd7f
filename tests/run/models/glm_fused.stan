// partial-eval's GLM rows (mir/passes/partial_eval.c): densities at a
// linear predictor X * beta + alpha that the pass fuses into
// bernoulli_logit_glm, poisson_log_glm, normal_id_glm,
// neg_binomial_2_log_glm and ordered_logistic_glm (X, beta, alpha,
// the normal's outcome and scale bounded: no predictor can overflow), in
// both orders, without an intercept and with an int one; beside them the
// shapes it must leave alone (an unbounded X or beta, a vector intercept,
// a scale that may be 0 or infinite, ordered_logistic with an
// intercept), and
// size mismatches under a parameter's branch, which reject at O0 and must
// still reject after the pass.
// gradcheck: also --passes=partial-eval
data {
  int<lower=1> N;
  int<lower=1> K;
  matrix<lower=-5, upper=5>[N, K] X;
  matrix[N, K] Xu;
  array[N] int<lower=0, upper=1> z;
  array[N] int<lower=0> c;
  array[N] int<lower=1, upper=3> o;
  vector<lower=-50, upper=50>[N] y;
  array[N - 1] int<lower=0, upper=1> z_short;
  matrix<lower=-5, upper=5>[N, K + 1] X_wide;
}
parameters {
  real<lower=-3, upper=3> alpha;
  vector<lower=-1, upper=1>[K] beta;
  vector<lower=-10, upper=10>[N] a_vec;
  real<lower=0.01, upper=100> sigma;
  real<lower=0> sigma_u;
  vector[K] beta_u;
  real<lower=0> phi;
  ordered[2] cuts;
  real branch;
}
model {
  alpha ~ normal(0, 2);
  beta ~ normal(0, 1);
  a_vec ~ normal(0, 1);
  sigma ~ lognormal(0, 0.5);
  sigma_u ~ lognormal(0, 0.5);
  beta_u ~ normal(0, 1);
  phi ~ lognormal(0, 0.5);
  cuts ~ normal(0, 2);
  branch ~ normal(0, 1);
  z ~ bernoulli_logit(alpha + X * beta);
  target += bernoulli_logit_lpmf(z | X * beta + alpha);
  z ~ bernoulli_logit(X * beta);
  target += bernoulli_logit_lpmf(z | X * beta + 1);
  c ~ poisson_log(X * beta + alpha);
  target += poisson_log_lpmf(c | alpha + X * beta);
  c ~ poisson_log(X * beta);
  y ~ normal(X * beta + alpha, sigma);
  target += normal_lpdf(y | alpha + X * beta, sigma);
  target += normal_lpdf(y | X * beta, sigma);
  c ~ neg_binomial_2_log(alpha + X * beta, phi);
  target += neg_binomial_2_log_lpmf(c | X * beta, phi);
  o ~ ordered_logistic(X * beta, cuts);
  target += ordered_logistic_lpmf(o | X * beta, cuts);
  // left alone
  z ~ bernoulli_logit(alpha + Xu * beta);
  z ~ bernoulli_logit(a_vec + X * beta);
  c ~ poisson_log(X * beta_u + alpha);
  y ~ normal(X * beta + alpha, sigma_u);
  o ~ ordered_logistic(X * beta + alpha, cuts);
  if (branch > 0.5) {
    z_short ~ bernoulli_logit(X * beta + alpha);
  }
  if (branch < -0.5) {
    z ~ bernoulli_logit(X_wide * beta + alpha);
  }
}
