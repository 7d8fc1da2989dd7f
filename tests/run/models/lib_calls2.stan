// Library calls added in runtime/dist_disc2.c and runtime/linalg_gp.c:
// beta_binomial_cdf, _lcdf and _lccdf, gp_exp_quad_cov with a length
// scale per dimension (one set and two), and bernoulli_logit_glm_rng.
// Transformed data checks values against independent computations; the
// model sends parameters through the cdfs and the kernels; generated
// quantities draws from the GLM.
functions {
  void expect(vector got, vector want, int id) {
    if (num_elements(got) != num_elements(want))
      reject("lib_calls2: check ", id, " has ", num_elements(got),
             " values, expected ", num_elements(want));
    for (i in 1:num_elements(got))
      if (is_nan(got[i])
          || (got[i] != want[i] && abs(got[i] - want[i]) > 1e-10))
        reject("lib_calls2: check ", id, " gives ", got, ", expected ",
               want);
  }
  // the beta-binomial probability of lo..hi, as a sum of the mass
  real bb_sum(int lo, int hi, int N, real a, real b) {
    real s = 0;
    for (j in lo:hi)
      s += exp(beta_binomial_lpmf(j | N, a, b));
    return s;
  }
}
data {
  int<lower=1> M;
  int<lower=1> K;
  matrix[M, K] X;
  vector[3] y;
}
transformed data {
  real a0 = 2.5;
  real b0 = 1.5;
  expect([beta_binomial_cdf(4 | 10, a0, b0)]', [bb_sum(0, 4, 10, a0, b0)]',
         1);
  expect([beta_binomial_lcdf(4 | 10, a0, b0)]',
         [log(bb_sum(0, 4, 10, a0, b0))]', 2);
  expect([beta_binomial_lccdf(4 | 10, a0, b0)]',
         [log(bb_sum(5, 10, 10, a0, b0))]', 3);
  expect([beta_binomial_cdf({2, 4} | {5, 10}, [1.5, 2.5]', 3.0)]',
         [bb_sum(0, 2, 5, 1.5, 3) * bb_sum(0, 4, 10, 2.5, 3)]', 4);
  expect([beta_binomial_lccdf({2, 4} | 10, a0, [1.0, 2.0]')]',
         [log(bb_sum(3, 10, 10, a0, 1)) + log(bb_sum(5, 10, 10, a0, 2))]',
         5);
  // Stan's edges: n < 0 has cdf 0, n >= N cdf 1
  expect([beta_binomial_cdf(-1 | 10, a0, b0), beta_binomial_cdf(10 | 10, a0, b0),
          beta_binomial_lcdf(-1 | 10, a0, b0), beta_binomial_lccdf(12 | 10, a0, b0),
          beta_binomial_lccdf(-3 | 10, a0, b0)]',
         [0, 1, negative_infinity(), negative_infinity(), 0]', 6);
  array[2] vector[2] xs = {[0, 0]', [1, 2]'};
  expect(to_vector(gp_exp_quad_cov(xs, 2, {1.0, 2.0})),
         [4, 4 * exp(-1), 4 * exp(-1), 4]', 7);
  expect(to_vector(gp_exp_quad_cov(xs, 2, {1.5, 1.5})),
         to_vector(gp_exp_quad_cov(xs, 2, 1.5)), 8);
  expect(to_vector(gp_exp_quad_cov(xs, {[1, 0]'}, 1.5, {0.5, 4.0})),
         [2.25 * exp(-2), 2.25 * exp(-0.125)]', 9);
  expect(to_vector(gp_exp_quad_cov(xs, 1, {1, 2})),
         [1, exp(-1), exp(-1), 1]', 10);
  // draws at extreme predictors are certain
  expect(to_vector(bernoulli_logit_glm_rng(X, 40, rep_vector(0, K))),
         rep_vector(1, M), 11);
  expect(to_vector(bernoulli_logit_glm_rng(X, rep_vector(-40, M),
                                           rep_vector(0, K))),
         rep_vector(0, M), 12);
  expect(to_vector(bernoulli_logit_glm_rng(X[2], 0, rep_vector(-1000, K))),
         [0]', 13);
}
parameters {
  real<lower=0.2> a;
  real<lower=0.2> b;
  real<lower=0.1> sig;
  array[2] real<lower=0.1> ls;
  array[3] vector[2] pts;
  array[2] vector[2] pts2;
}
model {
  a ~ lognormal(0, 0.5);
  b ~ lognormal(0, 0.5);
  sig ~ lognormal(0, 0.5);
  ls ~ lognormal(0, 0.5);
  for (i in 1:3)
    pts[i] ~ normal(0, 1);
  for (i in 1:2)
    pts2[i] ~ normal(0, 1);
  target += beta_binomial_lcdf(3 | 8, a, b) + beta_binomial_lccdf(2 | 8, a, b);
  target += log(beta_binomial_cdf({1, 5} | {6, 9}, a, [b, a]'));
  target += 0.5 * beta_binomial_lccdf({0, 3} | 7, [a, b]', b);
  target += 0.5 * beta_binomial_lcdf({2, 3} | {4, 9}, 1.5, [a, b]');
  matrix[3, 3] Kx = add_diag(gp_exp_quad_cov(pts, sig, ls), 0.1);
  y ~ multi_normal(rep_vector(0, 3), Kx);
  target += -0.1 * sum(gp_exp_quad_cov(pts, pts2, sig, ls));
  target += -0.1 * sum(gp_exp_quad_cov(pts, {[0.5, -0.5]'}, 1.2, ls));
  target += -0.1 * sum(gp_exp_quad_cov(pts, sig, {1.0, 2.0}));
}
generated quantities {
  array[M] int yrep = bernoulli_logit_glm_rng(X, a - b, [sig, -sig]');
  array[M] int yrep2 = bernoulli_logit_glm_rng(X, rep_vector(0.5, M),
                                               [1, 1]');
  array[1] int yrow = bernoulli_logit_glm_rng(X[2], sig, [a, b]');
}
