transformed data {
  vector[3] v;
  real x = 1;
  x += v;
}
