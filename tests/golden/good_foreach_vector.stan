transformed data {
  vector[3] v = [1, 2, 3]';
  real s = 0;
  for (x in v) {
    s += x;
  }
}
