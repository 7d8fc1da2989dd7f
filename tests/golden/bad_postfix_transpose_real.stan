transformed data {
  real x = 1;
  real y = x';
}
