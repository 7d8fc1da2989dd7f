transformed data {
  real multiplier = 2;
}
