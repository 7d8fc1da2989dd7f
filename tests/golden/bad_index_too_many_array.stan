transformed data {
  array[2, 2] real a;
  real x = a[1, 1, 1];
}
