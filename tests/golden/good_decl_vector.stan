data {
  int N;
  vector[N] y;
}
