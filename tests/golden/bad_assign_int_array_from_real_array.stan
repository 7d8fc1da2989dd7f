transformed data {
  array[2] int a;
  array[2] real b;
  a = b;
}
