parameters {
  corr_matrix[3] Omega;
}
