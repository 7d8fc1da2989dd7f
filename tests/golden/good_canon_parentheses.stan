transformed data {
  real x = ((1 + 2)) * (3);
  real y = (x);
}
