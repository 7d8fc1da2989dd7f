transformed data {
  array[3, 4] real a;
  array[4] real row = a[1];
  array[3] real col = a[:, 2];
  array[2, 2] real blk = a[2:3, 1:2];
}
