parameters {
  sum_to_zero_vector[4] alpha;
}
model {
  alpha ~ normal(0, 1);
}
