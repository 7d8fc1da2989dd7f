// The complex Schur decomposition of a parameter matrix (Stan Functions
// Reference, "Linear algebra functions", "complex_matrix
// complex_schur_decompose_t(matrix A)") is complex; complex values carry
// derivatives (backend/emit_complex_adj.c), and so do the
// eigendecompositions (emit_complex_eigen_adj.c), but the Schur
// decomposition has no reverse rule in the C backend yet, so it refuses
// the call by name (docs/coverage.md: values only).
parameters {
  matrix[2, 2] M;
}
model {
  complex_matrix[2, 2] T = complex_schur_decompose_t(M);
  target += get_real(T[1, 1]);
}
