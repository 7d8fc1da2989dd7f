transformed data {
  real x = exp;
}
