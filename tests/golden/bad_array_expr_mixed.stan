transformed data {
  array[2] real a = {1, [1, 2]};
}
