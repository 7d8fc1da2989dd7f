transformed data {
  int n = 10;
  while (n > 0) {
    n -= 1;
  }
}
