functions {
  int fact(int n) {
    if (n <= 1) {
      return 1;
    }
    return n * fact(n - 1);
  }
}
transformed data {
  int f5 = fact(5);
}
