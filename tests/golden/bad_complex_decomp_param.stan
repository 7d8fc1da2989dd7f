// Complex values carry no derivatives in pplbench (docs/coverage.md):
// the eigenvalues of a parameter matrix (Stan Functions Reference,
// "Linear algebra functions", "complex_vector eigenvalues(matrix A)") are
// complex, so the model block cannot use them; the C backend says so.
parameters {
  matrix[2, 2] M;
}
model {
  complex_vector[2] e = eigenvalues(M);
  target += get_real(e[1]);
}
