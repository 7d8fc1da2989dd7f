transformed data {
  tuple(int, real) t;
  t = (1.5, 2.0);
}
