transformed data {
  real x = if_else(1, 2.0, 3.0);
}
