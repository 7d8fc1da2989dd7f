data {
  vector x;
}
