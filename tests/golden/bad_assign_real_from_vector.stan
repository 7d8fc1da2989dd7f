transformed data {
  vector[3] v;
  real x;
  x = v;
}
