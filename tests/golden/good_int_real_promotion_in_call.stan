transformed data {
  real a = fmax(1, 2);
  vector[2] v = rep_vector(1, 2);
  real b = pow(2, 3);
}
