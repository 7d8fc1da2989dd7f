transformed data {
  real x = (1 + 2) * 3;
  real y = ((1));
  real z = -(2 + 3) ^ (1 + 1);
}
