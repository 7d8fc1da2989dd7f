transformed data {
  array[0] real a = {};
}
