transformed data {
  int a = 7 %/% 2;
  int b = 7 % 3;
  int c = -7 %/% 2 * 3;
  real d = 7 / 2.0;
}
