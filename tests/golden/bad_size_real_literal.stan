data {
  vector[2.0] v;
}
