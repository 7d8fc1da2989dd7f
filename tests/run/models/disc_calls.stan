// The discrete functions of runtime/dist_disc3.c and dist_glm3.c through
// the compiler: neg_binomial's cdfs, discrete_range, beta_neg_binomial
// and ordered_probit (scalars and arrays, every real argument a
// parameter), the GLMs binomial_logit_glm, neg_binomial_2_log_glm and
// ordered_logistic_glm (matrix and row_vector x, x itself a parameter),
// and the draws in generated quantities.
data {
  int<lower=1> N;
  matrix[N, 2] X;
  array[N] int<lower=0> n;
  array[N] int<lower=0> trials;
  array[N] int<lower=0> counts;
  array[N] int<lower=1, upper=4> cls;
}
transformed data {
  // draws in transformed data: a negative draw of discrete_range is a
  // draw, not a failure, and ordered_probit_rng compiles
  for (i in 1:20) {
    int dr = discrete_range_rng(-5, -1);
    int op = ordered_probit_rng(0.3, [-1, 1]');
    if (dr < -5 || dr > -1 || op < 1 || op > 3)
      reject("disc_calls: discrete_range_rng gave ", dr,
             ", ordered_probit_rng ", op);
  }
}
parameters {
  real<lower=0> a;
  real<lower=0> b;
  vector<lower=0>[N] a_vec;
  real<lower=0> r;
  real eta;
  vector[N] etas;
  ordered[3] c;
  real alpha;
  vector[2] beta;
  real<lower=0> phi;
  vector<lower=0>[N] phis;
  row_vector[2] xr;
}
model {
  a ~ lognormal(0, 0.5);
  b ~ lognormal(0, 0.5);
  a_vec ~ lognormal(0, 0.5);
  r ~ lognormal(0, 0.5);
  eta ~ normal(0, 1);
  etas ~ normal(0, 1);
  c ~ normal(0, 2);
  alpha ~ normal(0, 1);
  beta ~ normal(0, 1);
  phi ~ lognormal(0, 0.5);
  phis ~ lognormal(0, 0.5);
  xr ~ normal(0, 1);
  // neg_binomial's cumulative functions
  target += neg_binomial_lcdf(n | a, b) + neg_binomial_lccdf(n | a_vec, b);
  target += log(neg_binomial_cdf(3 | a, b)) + neg_binomial_lccdf(0 | a, b);
  // discrete_range: all data, a constant
  target += discrete_range_lpmf(n | 0, 10) + discrete_range_lupmf(2 | 1, 3);
  target += discrete_range_lcdf(n | 0, 10) + discrete_range_lccdf(2 | 1, 3);
  target += log(discrete_range_cdf(2 | 0, 10));
  // beta_neg_binomial
  counts ~ beta_neg_binomial(r, a + 1, b);
  target += beta_neg_binomial_lpmf(n | r, a_vec + 0.5, phi);
  target += beta_neg_binomial_lcdf(n | r, a + 1, b);
  target += beta_neg_binomial_lccdf(2 | r, a + 1, phis[1]);
  target += log(beta_neg_binomial_cdf(1 | r, a + 1, b));
  // ordered_probit
  cls ~ ordered_probit(etas, c);
  target += ordered_probit_lpmf(2 | eta, c) + ordered_probit_lupmf(cls | eta, c);
  // GLMs
  n ~ binomial_logit_glm(trials, X, alpha, beta);
  target += binomial_logit_glm_lpmf(n | trials, xr, etas, beta);
  counts ~ neg_binomial_2_log_glm(X, alpha, beta, phi);
  target += neg_binomial_2_log_glm_lpmf(counts | X, etas, beta, phis);
  target += neg_binomial_2_log_glm_lupmf(counts | xr, alpha, beta, phi);
  cls ~ ordered_logistic_glm(X, beta, c);
  target += ordered_logistic_glm_lpmf(cls | xr, beta, c);
  target += ordered_logistic_glm_lpmf(3 | X, beta, c);
}
generated quantities {
  int d = discrete_range_rng(0, 10);
  array[N] int ds = discrete_range_rng(n, 10);
  int m = beta_neg_binomial_rng(r, a + 1, b);
  array[N] int ms = beta_neg_binomial_rng(r, a_vec + 1, b);
  real c1 = neg_binomial_cdf(2 | 2.0, 1.5) + discrete_range_cdf(3 | 1, 5);
  real c2 = beta_neg_binomial_lccdf(n | 2.0, 3.0, 1.5);
}
