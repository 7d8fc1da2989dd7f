transformed data {
  matrix[2, 2] A = [[2, 1], [1, 2]];
  matrix[2, 2] L = cholesky_decompose(A);
  real d = determinant(A);
  matrix[2, 2] I = inverse(A);
  vector[2] ev = eigenvalues_sym(A);
  int r = rows(A);
}
