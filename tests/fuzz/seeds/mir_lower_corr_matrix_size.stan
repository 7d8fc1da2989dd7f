parameters {
  corr_matrix[2>=2] C;
}
