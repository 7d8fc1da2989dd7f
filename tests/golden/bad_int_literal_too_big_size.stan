data {
  array[99999999999] real a;
}
