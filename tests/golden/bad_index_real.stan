transformed data {
  array[3] real a;
  real x = a[1.0];
}
