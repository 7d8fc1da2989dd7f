// eigenvalues_sym of a complex_matrix is a complex_vector (Stan
// Functions Reference, "Complex matrix operations", complex linear
// algebra; stanc3's signature), even though a Hermitian matrix has real
// eigenvalues: it is not a vector.
transformed data {
  complex_matrix[2, 2] H = [[2, 1 - 1i], [1 + 1i, 3]];
  vector[2] l = eigenvalues_sym(H);
}
