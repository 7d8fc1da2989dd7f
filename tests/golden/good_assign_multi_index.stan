transformed data {
  vector[4] v = rep_vector(0, 4);
  array[2] int idx = {1, 3};
  v[idx] = [5, 6]';
  v[2:3] = [7, 8]';
}
