transformed data {
  vector[5] v = [1, 2, 3, 4, 5]';
  array[2] int idx = {5, 1};
  vector[2] w = v[idx];
  matrix[3, 3] m = rep_matrix(1, 3, 3);
  matrix[2, 3] rows = m[idx[1:2], :];
  vector[3] col = m[:, 2];
  matrix[2, 2] sub = m[2:3, {1, 3}];
}
