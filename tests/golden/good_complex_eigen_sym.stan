// The eigendecomposition of a complex Hermitian matrix (Stan Functions
// Reference, "Complex matrix operations", complex linear algebra:
// complex_vector eigenvalues_sym(complex_matrix A), complex_matrix
// eigenvectors_sym(complex_matrix A) and tuple(complex_matrix,
// complex_vector) eigendecompose_sym(complex_matrix A); the values are
// complex_vector, as stanc3 types them).
data {
  complex_matrix[3, 3] H;
}
transformed data {
  complex_vector[3] lambda = eigenvalues_sym(H);
  complex_matrix[3, 3] V = eigenvectors_sym(H);
  tuple(complex_matrix[3, 3], complex_vector[3]) d = eigendecompose_sym(H);
  // a real matrix keeps the real forms
  vector[2] l = eigenvalues_sym([[2, 1], [1, 2]]);
}
parameters {
  real y;
}
model {
  y ~ normal(get_real(lambda[1]), 1);
}
generated quantities {
  complex_vector[3] mu_lambda = eigenvalues_sym(H * y);
}
