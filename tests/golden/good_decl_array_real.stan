data {
  array[2, 2, 2] real cube;
}
