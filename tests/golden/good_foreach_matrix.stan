transformed data {
  matrix[2, 2] m = [[1, 2], [3, 4]];
  real s = 0;
  for (x in m) {
    s += x;
  }
}
