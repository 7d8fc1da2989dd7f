model {
  real x = 1;
  target += x;
  real y = 2;
  target += y;
}
