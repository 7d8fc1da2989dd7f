transformed data {
  int n = 4;
  n /= 2.0;
}
