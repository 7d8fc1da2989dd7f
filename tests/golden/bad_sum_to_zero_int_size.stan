data {
  real k;
  sum_to_zero_vector[k] z;
}
