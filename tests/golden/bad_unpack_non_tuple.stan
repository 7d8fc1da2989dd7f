transformed data {
  real a;
  real b;
  (a, b) = 1.0;
}
