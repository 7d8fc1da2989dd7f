transformed data {
  vector[3] v;
  v[1:2] = 1;
}
