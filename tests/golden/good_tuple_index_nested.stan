transformed data {
  tuple(int, tuple(real, int)) t = (1, (2.0, 3));
  real x = t.2.1;
  int k = t.2.2;
}
