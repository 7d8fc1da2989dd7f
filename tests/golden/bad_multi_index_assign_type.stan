transformed data {
  array[3] real a;
  array[2] real b;
  a[1] = b;
}
