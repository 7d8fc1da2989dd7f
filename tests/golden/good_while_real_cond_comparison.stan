transformed data {
  real x = 100;
  while (x > 1)
    x /= 2;
}
