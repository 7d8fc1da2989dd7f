data {
  complex_row_vector[3] z;
}
