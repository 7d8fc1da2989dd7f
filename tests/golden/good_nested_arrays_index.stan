transformed data {
  array[2, 3] vector[4] a;
  real x = a[1, 2, 3];
  vector[4] v = a[2, 1];
  array[3] vector[4] row = a[1];
}
