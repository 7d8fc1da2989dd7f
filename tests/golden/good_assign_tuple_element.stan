transformed data {
  tuple(int, real) t = (1, 2.0);
  t.1 = 3;
  t.2 += 1;
}
