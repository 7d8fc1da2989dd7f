transformed data {
  vector[2] v;
  matrix[2, 2] m = [v, v];
}
