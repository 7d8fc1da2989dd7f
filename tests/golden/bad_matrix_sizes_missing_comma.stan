data {
  matrix[2 2] m;
}
