transformed data {
  matrix[2, 2] m;
  real x = m[1, 1, 1];
}
