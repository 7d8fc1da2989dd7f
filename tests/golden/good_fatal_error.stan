data {
  int N;
}
transformed data {
  if (N < 0) {
    fatal_error("N must be >= 0, got ", N);
  }
}
