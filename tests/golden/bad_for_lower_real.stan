transformed data {
  real a = 1;
  for (i in a:3) {
    print(i);
  }
}
