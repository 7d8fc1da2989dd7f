parameters {
  sum_to_zero_matrix[3, 4] z;
}
