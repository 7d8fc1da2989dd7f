transformed data {
  vector[2] a = [1, 2]';
  real r = a' * a;
  matrix[2, 2] m = a * a';
}
