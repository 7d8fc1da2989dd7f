// complex_schur_decompose returns tuple(complex_matrix, complex_matrix)
// (Stan Functions Reference, "Linear algebra functions", complex Schur
// decomposition): neither element is real.
transformed data {
  matrix[2, 2] A = [[0, -1], [1, 0]];
  tuple(matrix[2, 2], complex_matrix[2, 2]) s = complex_schur_decompose(A);
}
