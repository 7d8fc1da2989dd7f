transformed data {
  vector[3] v;
  real x = v[1, 2];
}
