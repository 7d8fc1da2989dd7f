transformed data {
  matrix[2, 3] m = [[1, 2, 3], [4, 5, 6]];
  row_vector[3] r = [7, 8, 9];
  matrix[2, 3] n = [r, r];
}
