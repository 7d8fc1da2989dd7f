transformed data {
  array[2] real a;
  a = {1, 2};
}
