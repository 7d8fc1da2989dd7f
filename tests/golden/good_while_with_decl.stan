transformed data {
  int n = 0;
  while (n < 3) {
    real tmp = n * 2;
    n += 1;
  }
}
