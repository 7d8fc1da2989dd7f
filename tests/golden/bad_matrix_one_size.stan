parameters {
  matrix[2] m;
}
