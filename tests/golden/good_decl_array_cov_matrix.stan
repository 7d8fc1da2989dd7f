parameters {
  array[2] cov_matrix[2] S;
}
