data {
  complex_matrix[2, 2] z;
}
