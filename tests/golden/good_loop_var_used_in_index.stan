data {
  int N;
  vector[N] y;
}
transformed data {
  vector[N] z;
  for (n in 1:N) {
    z[n] = y[N - n + 1];
  }
}
