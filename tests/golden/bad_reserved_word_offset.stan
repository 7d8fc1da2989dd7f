data {
  real offset;
}
