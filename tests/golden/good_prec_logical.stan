transformed data {
  int a = 1 && 0 || 1;
  int b = 1 || 0 && 0;
  int c = !(1 && 0);
  int d = 1 == 1 && 2 != 3;
  int e = 1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3;
}
