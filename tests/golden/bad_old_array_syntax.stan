data {
  int N;
  real y[N];
}
