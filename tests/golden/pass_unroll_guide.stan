// The user guide's example of static loop unrolling.
transformed data {
  int x = 0;
  for (i in 1:4) {
    x += i;
  }
}
