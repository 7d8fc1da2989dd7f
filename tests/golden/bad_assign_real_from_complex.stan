transformed data {
  complex z = 1i;
  real x = z;
}
