transformed data {
  vector[3] v;
  vector[3] w = v * v;
}
