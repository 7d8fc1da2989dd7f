transformed data {
  real x = -2 ^ 2;
  real y = 2 ^ 3 ^ 2;
  real z = 2 * 3 ^ 2;
}
