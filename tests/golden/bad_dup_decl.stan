data {
  int N;
  real N;
}
