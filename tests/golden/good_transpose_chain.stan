transformed data {
  matrix[2, 3] m = rep_matrix(1, 2, 3);
  matrix[2, 3] n = m'';
}
