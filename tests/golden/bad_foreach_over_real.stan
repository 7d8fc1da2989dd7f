transformed data {
  real r = 3;
  for (x in r) {
    print(x);
  }
}
