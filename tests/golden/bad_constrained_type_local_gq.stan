generated quantities {
  {
    cov_matrix[2] S;
  }
}
