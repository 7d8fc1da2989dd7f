// Library calls of backend/emit_lib.c: the binary elementwise functions
// over containers, max/min of two values, int max/min/prod/
// cumulative_sum, log_mix of a vector of proportions, dims, log10(),
// gp_exp_quad_cov of vectors. Transformed data checks values; the model
// sends parameters through each.
functions {
  void expect(vector got, vector want, int id) {
    if (num_elements(got) != num_elements(want)
        || max(abs(got - want)) > 1e-10)
      reject("lib_calls: check ", id, " gives ", got, ", expected ", want);
  }
}
data {
  int<lower=1> N;
}
transformed data {
  vector[3] a = [1, 2, 4]';
  vector[3] b = [2, 0.5, 3]';
  array[3] int ia = {3, -1, 2};
  matrix[2, 3] M = rep_matrix(0, 2, 3);
  expect(pow(a, b), [1, sqrt(2), 64]', 1);
  expect(fmax(a, 2.5), [2.5, 2.5, 4]', 2);
  expect(fmin(a, b), [1, 0.5, 3]', 3);
  expect([max(2, 5), min(2.5, -1), max(ia), min(ia), prod(ia)]',
         [5, -1, 3, -1, -6]', 4);
  expect(to_vector(cumulative_sum(ia)), [3, 2, 4]', 5);
  expect(to_vector(dims(M)), [2, 3]', 6);
  expect([log10()]', [log(10)]', 7);
  expect([log_mix([0.25, 0.75]', [-1, -2]')]',
         [log(0.25 * exp(-1) + 0.75 * exp(-2))]', 8);
  expect([log_mix([0.5, 0.5]', {[0, 0]', [1, 1]'})]', [1]', 9);
  array[2] vector[2] xs = {[0, 0]', [1, 1]'};
  expect(to_vector(gp_exp_quad_cov(xs, 2, 1)), [4, 4 * exp(-1), 4 * exp(-1), 4]', 10);
}
parameters {
  vector<lower=0.1>[3] u;
  real<lower=0.1> s;
  simplex[3] w;
  vector[3] lam;
  array[2] vector[2] pts;
}
model {
  u ~ lognormal(0, 0.5);
  s ~ lognormal(0, 0.5);
  lam ~ normal(0, 1);
  for (i in 1:2)
    pts[i] ~ normal(0, 1);
  target += -0.1 * sum(pow(u, s)) - 0.1 * sum(lbeta(u, s + 1));
  target += -0.1 * sum(fmin(u, [s, 2, s]')) + 0.1 * sum(fmax(u, 1.5));
  target += -0.1 * square(max(s, u[1])) - 0.1 * square(min(u[2], 1.0));
  target += log_mix(w, lam) + 0.5 * log_mix(w, {lam, lam * s});
  target += -0.1 * sum(gp_exp_quad_cov(pts, s, u[1]));
}
