data {
  int N
}
