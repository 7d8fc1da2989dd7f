// The matrix transforms as functions, with their array forms (Stan
// Functions Reference 2.37, "Variable Transformation Functions": e.g.
// matrix cholesky_factor_cov_constrain(vector y, int M, int N),
// array[] matrix corr_matrix_jacobian(array[] vector y, int K),
// matrix stochastic_row_unconstrain(matrix y), and the sum_to_zero
// functions of a matrix, Stan 2.37's sum_to_zero_matrix), and the vector
// transforms of arrays of vectors.
data {
  int K;
  array[2] vector[3] vs;
  array[2] matrix[3, 3] ms;
}
transformed data {
  array[2] vector[3] o = ordered_unconstrain(positive_ordered_constrain(vs));
  array[2] vector[4] s = simplex_constrain(vs);
  array[2] vector[3] u = unit_vector_unconstrain(unit_vector_constrain(vs));
  array[2] vector[3] cpc = corr_matrix_unconstrain(ms);
  array[2] vector[6] cov = cov_matrix_unconstrain(ms);
  array[2] vector[6] fac = cholesky_factor_cov_unconstrain(ms);
  array[2] matrix[3, 2] rows = stochastic_row_unconstrain(ms);
  array[2] matrix[2, 3] cols = stochastic_column_unconstrain(ms);
  array[2] matrix[2, 2] z = sum_to_zero_unconstrain(ms);
}
parameters {
  vector[3] w;
  array[2] vector[6] ws;
  matrix[2, 2] f;
  array[2] matrix[2, 3] fs;
}
transformed parameters {
  matrix[3, 3] L = cholesky_factor_corr_jacobian(w, 3);
  array[2] matrix[3, 3] Fs = cholesky_factor_cov_jacobian(ws, 3, 3);
  array[2] matrix[3, 3] Sigma = cov_matrix_jacobian(ws, 3);
  matrix[3, 3] Omega = corr_matrix_constrain(w, 3);
  matrix[3, 2] P = stochastic_column_jacobian(f);
  array[2] matrix[2, 4] Q = stochastic_row_constrain(fs);
  matrix[3, 3] Z = sum_to_zero_jacobian(f);
  array[2] matrix[3, 4] Zs = sum_to_zero_constrain(fs);
}
model {
  w ~ normal(0, 1);
  target += sum(cholesky_factor_corr_unconstrain(L));
}
