transformed data {
  real x = exp(1, 2);
}
