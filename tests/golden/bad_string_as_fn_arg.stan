transformed data {
  real x = exp("a");
}
