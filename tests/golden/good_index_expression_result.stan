transformed data {
  matrix[2, 2] m = [[1, 2], [3, 4]];
  real x = (m * m)[1, 2];
  real y = {1.0, 2.0}[2];
}
