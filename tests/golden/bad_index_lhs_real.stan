transformed data {
  array[3] real a;
  a[1.5] = 2;
}
