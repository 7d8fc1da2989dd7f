transformed data {
  int n = 2147483648;
}
