parameters {
  column_stochastic_matrix[3, 4] P;
}
