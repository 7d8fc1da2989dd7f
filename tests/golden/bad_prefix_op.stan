transformed data {
  tuple(int, real) t = (1, 2.0);
  real x = -t;
}
