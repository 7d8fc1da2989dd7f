data {
  matrix m;
}
