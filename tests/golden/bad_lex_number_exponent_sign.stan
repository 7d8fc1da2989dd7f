transformed data {
  real x = 2.5e+;
}
