transformed data {
  array[3] real a = {1.0, 2.0, 3.0};
  real s = 0;
  for (x in a) {
    s += x;
  }
}
