parameters {
  cov_matrix[2.0] S;
}
