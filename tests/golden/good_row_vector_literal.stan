transformed data {
  row_vector[3] r = [1, 2, 3];
  vector[3] v = [1, 2.5, 3]';
  real x = 1;
  row_vector[2] s = [x, x + 1];
}
