transformed data {
  matrix[2, 2] m = [[1, 2], 3];
}
