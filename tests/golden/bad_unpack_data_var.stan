data {
  real a;
}
transformed data {
  real b;
  (a, b) = (1.0, 2.0);
}
