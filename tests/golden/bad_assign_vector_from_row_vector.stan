transformed data {
  vector[3] v;
  row_vector[3] r;
  v = r;
}
