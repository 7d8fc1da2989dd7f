data {
  int N;
}
