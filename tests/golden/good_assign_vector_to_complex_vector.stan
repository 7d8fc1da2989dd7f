transformed data {
  vector[2] v = [1, 2]';
  complex_vector[2] z = v;
}
