data {
  int N;
  N = 1;
}
