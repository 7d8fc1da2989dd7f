transformed data {
  array[3] real a = {1.0, 2.0, 3.0};
  for (x in a) {
    x = 0;
  }
}
