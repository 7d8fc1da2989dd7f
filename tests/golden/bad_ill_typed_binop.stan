transformed data {
  vector[3] v;
  row_vector[2] r;
  real x = v + r;
}
