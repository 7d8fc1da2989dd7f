parameters {
  row_vector r;
}
