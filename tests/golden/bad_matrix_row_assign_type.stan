transformed data {
  matrix[2, 2] m;
  vector[2] v;
  m[1] = v;
}
