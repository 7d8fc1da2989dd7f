parameters {
  row_stochastic_matrix[3, 4] P;
}
