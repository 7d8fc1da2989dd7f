data {
  int in;
}
