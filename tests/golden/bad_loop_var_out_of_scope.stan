transformed data {
  real s = 0;
  for (i in 1:3) {
    s += i;
  }
  s += i;
}
