transformed data {
  vector[2] v;
  int b = v < 1;
}
