transformed data {
  vector[3] v;
  vector[2] w = v[1.0:2];
}
