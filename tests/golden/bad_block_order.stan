model {
}
data {
  int N;
}
