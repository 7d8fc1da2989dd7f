transformed data {
  real x = 7.0 / 2;
}
