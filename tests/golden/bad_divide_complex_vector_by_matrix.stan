// Division by a complex matrix takes a complex_row_vector or a
// complex_matrix on the left (Stan Functions Reference, "Complex matrix
// operations", complex matrix division): a complex_vector is refused.
transformed data {
  complex_vector[2] v = [1, 2i]';
  complex_matrix[2, 2] A = [[1, 0], [0, 1i]];
  complex_vector[2] x = v / A;
}
