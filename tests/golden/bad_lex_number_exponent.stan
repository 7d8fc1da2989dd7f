transformed data {
  real x = 1e;
}
