transformed data {
  real x;
  x = 3;
}
