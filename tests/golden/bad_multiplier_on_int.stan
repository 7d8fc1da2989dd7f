data {
  int<multiplier=2> n;
}
