// svd_U of a complex matrix is a complex_matrix (Stan Functions
// Reference, "Linear algebra functions", singular value decomposition);
// it cannot be assigned to a real matrix.
transformed data {
  complex_matrix[2, 2] A = [[1, 0], [0, 1i]];
  matrix[2, 2] U = svd_U(A);
}
