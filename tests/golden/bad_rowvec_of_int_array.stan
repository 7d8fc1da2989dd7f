transformed data {
  array[2] int a;
  row_vector[2] r = [a, a];
}
