data {
  int<offset=1> n;
}
