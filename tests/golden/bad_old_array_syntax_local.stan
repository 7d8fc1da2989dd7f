model {
  vector[2] v[3];
}
