transformed data {
  real a = b;
  real b = 1;
}
