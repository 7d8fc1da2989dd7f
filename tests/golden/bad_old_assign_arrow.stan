transformed data {
  real x;
  x <- 1;
}
