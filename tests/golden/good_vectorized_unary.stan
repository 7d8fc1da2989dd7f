transformed data {
  vector[3] v = [1, 2, 3]';
  vector[3] e = exp(v);
  array[3] real l = log({1.0, 2.0, 3.0});
  matrix[2, 2] m = sqrt(rep_matrix(4, 2, 2));
}
