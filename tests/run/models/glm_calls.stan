// The GLM densities through their RtMat/RtArg/RtIArg glue: normal_id_glm,
// bernoulli_logit_glm and poisson_log_glm with matrix and row_vector x,
// scalar and vector intercepts, and x itself a parameter.
data {
  int<lower=1> N;
  matrix[N, 2] X;
  vector[N] y;
  array[N] int<lower=0, upper=1> z;
  array[N] int<lower=0> c;
}
parameters {
  real alpha;
  vector[2] beta;
  real<lower=0> sigma;
  vector[N] a_vec;
  row_vector[2] xr;
}
model {
  alpha ~ normal(0, 1);
  beta ~ normal(0, 1);
  sigma ~ lognormal(0, 0.5);
  a_vec ~ normal(0, 1);
  xr ~ normal(0, 1);
  y ~ normal_id_glm(X, alpha, beta, sigma);
  target += normal_id_glm_lpdf(y | X, a_vec, beta, sigma);
  z ~ bernoulli_logit_glm(X, a_vec, beta);
  c ~ poisson_log_glm(xr, alpha, beta);
  target += poisson_log_glm_lpmf(c | X * 0.5, alpha, beta);
}
