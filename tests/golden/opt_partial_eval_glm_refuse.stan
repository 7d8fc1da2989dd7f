// partial-eval's GLM rows where they must not apply: an unbounded X, beta
// or alpha (an infinite or overflowing predictor rejects differently in
// the GLM), a normal outcome or scale not proved finite (and positive),
// a vector intercept (the GLM broadcasts one of size 1, the addition
// rejects it), ordered_logistic with an intercept (its GLM has none), a
// row_vector X (a scalar predictor), a product that is not X * beta,
// densities without a GLM form or without one for this outcome
// (normal_id_glm has no int outcome), an intercept that may print or
// reject (the GLM would evaluate it before beta and the size check)
functions {
  real noisy(real x) {
    print("alpha ", x);
    return x;
  }
}
data {
  int<lower=0> N;
  int<lower=0> K;
  matrix<lower=0, upper=1>[N, K] X;
  matrix[N, K] Xu;
  row_vector<lower=0, upper=1>[K] xr;
  array[N] int<lower=0, upper=1> z;
  vector<lower=-100, upper=100>[N] y;
  vector[N] yu;
  array[N] int<lower=0> trials;
  array[N] int yi;
  array[N] int<lower=1, upper=4> k;
  array[N] int<lower=0> c;
}
parameters {
  real<lower=-5, upper=5> alpha;
  real alpha_u;
  vector<lower=-5, upper=5>[K] beta;
  vector[K] beta_u;
  vector<lower=-5, upper=5>[N] a;
  real<lower=0.1, upper=10> sigma;
  real<lower=0> sigma_u;
  matrix<lower=-1, upper=1>[K, K] B;
  ordered[3] cuts;
}
model {
  z ~ bernoulli_logit(alpha + Xu * beta);
  z ~ bernoulli_logit(alpha + X * beta_u);
  z ~ bernoulli_logit(alpha_u + X * beta);
  yu ~ normal(X * beta + alpha, sigma);
  y ~ normal(X * beta + alpha, sigma_u);
  z ~ bernoulli_logit(a + X * beta);
  z[1] ~ bernoulli_logit(xr * beta + alpha);
  target += sum(X * B);
  z ~ bernoulli_logit(X * beta - alpha);
  z ~ binomial_logit(trials, X * beta + alpha);
  y ~ student_t(3, X * beta + alpha, sigma);
  yi ~ normal(X * beta + alpha, sigma);
  z ~ bernoulli_logit(X * beta + inv_logit(noisy(alpha)));
  k ~ ordered_logistic(X * beta + alpha, cuts);
  c ~ neg_binomial_2_log(X * beta_u, sigma);
}
