data {
  int N;
}
data {
  int M;
}
