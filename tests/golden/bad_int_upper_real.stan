data {
  int<upper=2.5> n;
}
