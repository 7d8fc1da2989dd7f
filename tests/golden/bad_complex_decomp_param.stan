// The eigenvalues of a parameter matrix (Stan Functions Reference,
// "Linear algebra functions", "complex_vector eigenvalues(matrix A)") are
// complex; complex values carry derivatives (backend/emit_complex_adj.c),
// but the eigendecompositions have no reverse rule in the C backend yet,
// so it refuses the call by name (docs/coverage.md: values only).
parameters {
  matrix[2, 2] M;
}
model {
  complex_vector[2] e = eigenvalues(M);
  target += get_real(e[1]);
}
