transformed data {
  array[2] real a;
  array[2] real b = a + a;
}
