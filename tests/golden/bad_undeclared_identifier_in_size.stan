data {
  vector[N] y;
}
