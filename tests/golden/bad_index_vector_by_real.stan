transformed data {
  vector[3] v;
  real r = 2;
  real x = v[r];
}
