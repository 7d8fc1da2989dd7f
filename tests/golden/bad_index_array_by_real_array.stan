transformed data {
  array[3] real a;
  array[2] real idx;
  array[2] real b = a[idx];
}
