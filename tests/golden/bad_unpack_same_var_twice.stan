transformed data {
  real a;
  (a, a) = (1.0, 2.0);
}
