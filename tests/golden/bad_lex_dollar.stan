transformed data {
  real x = $1;
}
