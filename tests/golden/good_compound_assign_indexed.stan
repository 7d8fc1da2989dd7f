transformed data {
  array[3] real a = {1.0, 2.0, 3.0};
  matrix[2, 2] m = rep_matrix(0, 2, 2);
  a[2] += 5;
  m[1, 2] *= 2;
  m[2] += [1, 1];
  m[:, 1] -= [1, 1]';
}
