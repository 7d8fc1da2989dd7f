transformed data {
  int n = 2147483647;
  int m = -2147483647;
}
