transformed data {
  array[3] real a;
  array[3, 2] real b;
  a = b;
}
