transformed data {
  matrix[2, 2] m = rep_matrix(1, 2, 2);
  m *= m;
  m *= 2;
  m /= 2;
}
