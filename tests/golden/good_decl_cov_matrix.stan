parameters {
  cov_matrix[3] Sigma;
}
