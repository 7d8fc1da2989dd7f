// eigendecompose_sym takes a matrix or a complex_matrix (Stan Functions
// Reference, "Linear algebra functions" and "Complex matrix operations"),
// not a complex_row_vector.
transformed data {
  complex_row_vector[2] v = [1, 2i];
  tuple(complex_matrix[2, 2], complex_vector[2]) d = eigendecompose_sym(v);
}
