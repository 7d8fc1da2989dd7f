data {
  real x;
}
