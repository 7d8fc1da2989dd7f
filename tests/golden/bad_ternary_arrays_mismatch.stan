transformed data {
  array[2] real a;
  array[2] int b;
  matrix[2, 2] m;
  array[2] real c = 1 ? a : m;
}
