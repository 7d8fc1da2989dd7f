data {
  matrix[2, 1.5] m;
}
