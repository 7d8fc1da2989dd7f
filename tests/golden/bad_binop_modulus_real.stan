transformed data {
  real x = 5.0 % 2;
}
