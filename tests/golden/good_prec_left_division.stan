transformed data {
  matrix[2, 2] A = [[2, 0], [0, 2]];
  vector[2] b = [1, 1]';
  vector[2] x = A \ b;
  row_vector[2] y = b' / A;
}
