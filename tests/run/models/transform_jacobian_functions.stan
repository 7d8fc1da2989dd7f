// gradcheck: the log density is zero
// The library _jacobian functions inside user functions whose names end
// in _jacobian (Stan Functions Reference 2.37, "Variable Transformation
// Functions"): the log Jacobian goes to the caller's density through the
// function, with its derivatives through the function's reverse step.
// The model subtracts each term again, written out from the Reference
// Manual's "Constraint Transforms" (lower bound: y; cholesky_factor_corr
// of K = 3, free values row by row: -2 log cosh w1 - 3 log cosh w2 -
// 2 log cosh w3; simplex of K = 3 by stick breaking: the sum of log
// stick_k + log z_k + log(1 - z_k), z_k = inv_logit(v_k - log(K - k))),
// so the density is 0 everywhere only if each adds exactly its own; the
// products with zero-sum weights keep the values' derivatives in play.
functions {
  real positive_jacobian(real y) {
    return lower_bound_jacobian(y, 0);
  }
  matrix corr_factor_jacobian(vector w, int K) {
    return cholesky_factor_corr_jacobian(w, K);
  }
  array[] vector simplexes_jacobian(array[] vector v) {
    return simplex_jacobian(v);
  }
}
parameters {
  real y;
  vector[3] w;
  array[2] vector[2] v;
}
transformed parameters {
  real x = positive_jacobian(y);
  matrix[3, 3] L = corr_factor_jacobian(w, 3);
  array[2] vector[3] s = simplexes_jacobian(v);
}
model {
  target += -y;
  target += 2 * log(cosh(w[1])) + 3 * log(cosh(w[2])) + 2 * log(cosh(w[3]));
  for (j in 1:2) {
    real z1 = inv_logit(v[j][1] - log(2));
    real z2 = inv_logit(v[j][2]);
    target += -(log(z1) + log1m(z1)) - (log1m(z1) + log(z2) + log1m(z2));
  }
  // zero, with nonzero derivatives
  target += (x - exp(y)) + sum(L - cholesky_factor_corr_constrain(w, 3))
            + dot_product(s[2], [1, -2, 1]') - dot_product(s[2], [1, -2, 1]')
            + sum(s[1]) - 1;
}
