transformed data {
  real a;
  real b;
  int c;
  (a, (b, c)) = (1.0, (2.0, 3));
}
