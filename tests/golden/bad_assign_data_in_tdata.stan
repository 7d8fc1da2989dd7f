data {
  int N;
}
transformed data {
  N = 3;
}
