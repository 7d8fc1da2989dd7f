transformed data {
  row_vector[2] r = [1, {2}];
}
