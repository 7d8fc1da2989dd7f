// eigenvalues takes a matrix or a complex_matrix (Stan Functions
// Reference, "Linear algebra functions", eigendecomposition), not a
// complex_vector.
transformed data {
  complex_vector[2] v = [1, 2i]';
  complex_vector[2] e = eigenvalues(v);
}
