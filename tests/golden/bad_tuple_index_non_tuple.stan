transformed data {
  real r = 1;
  real x = r.1;
}
