parameters {
  array[2] row_stochastic_matrix[2, 2] A;
  array[2] column_stochastic_matrix[2, 2] B;
}
