transformed data {
  real s = 0;
  for (i in 1:10) {
    s += i;
  }
}
