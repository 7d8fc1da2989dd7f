data {
  real x = 1;
}
