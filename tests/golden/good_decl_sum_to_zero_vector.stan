parameters {
  sum_to_zero_vector[5] z;
}
