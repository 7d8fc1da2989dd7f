data {
  complex_vector[3] z;
}
