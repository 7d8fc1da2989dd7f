// The built-in transforms as functions (Stan Functions Reference 2.37,
// "Variable Transformation Functions"): _constrain and _unconstrain
// anywhere, _jacobian in transformed parameters and in functions whose
// names end in _jacobian; scalar transforms elementwise over containers.
functions {
  vector my_simplex_jacobian(vector y) {
    return simplex_jacobian(y);
  }
}
data {
  int K;
  matrix[K, K] L;
  array[2] vector[3] free;
}
transformed data {
  vector[3] u = lower_bound_unconstrain([1.0, 2.0, 3.0]', 0);
  real b = lower_upper_bound_unconstrain(0.5, 0, 1);
  vector[3] c = ordered_unconstrain(sort_asc(u));
  array[2] vector[4] s = simplex_constrain(free);
  vector[K * (K - 1) %/% 2] l = cholesky_factor_corr_unconstrain(L);
  array[1] vector[K * (K - 1) %/% 2] la = cholesky_factor_corr_unconstrain({L});
  matrix[3, 2] sc = stochastic_column_constrain(rep_matrix(0, 2, 2)');
}
parameters {
  real y;
  vector[3] v;
  vector[K * (K - 1) %/% 2] w;
  vector[3] z;
}
transformed parameters {
  real x = lower_upper_bound_jacobian(y, -1, 2);
  vector[3] pos = lower_bound_jacobian(v, 0);
  vector[3] om = offset_multiplier_jacobian(v, 1, [1, 2, 3]');
  vector[4] smp = my_simplex_jacobian(v);
  vector[4] stz = sum_to_zero_jacobian(z);
  matrix[K, K] Lc = cholesky_factor_corr_jacobian(w, K);
  matrix[K, K] S = cov_matrix_constrain(append_row(w, z), K);
  matrix[3, 3] Z = sum_to_zero_constrain(rep_matrix(y, 2, 2));
}
model {
  y ~ normal(0, 1);
  target += upper_bound_constrain(y, 3) + positive_ordered_constrain(v)[1];
  target += unit_vector_constrain(v)[1];
}
