transformed data {
  array[3] real a = {1.0, 2.0, 3.0};
  vector[3] v = [1, 2, 3]';
  matrix[2, 2] m = [[1, 2], [3, 4]];
  real x = a[1] + v[2] + m[1, 2];
  row_vector[2] r = m[1];
}
