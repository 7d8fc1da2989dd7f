transformed data {
  int k = 1;
  real x = k ? 1 : 2.5;
  complex z = k ? 1 : 2i;
}
