parameters {
  array[2] matrix[2, 2] m;
}
