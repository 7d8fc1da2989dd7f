transformed data {
  real x = 1 + * 2;
}
