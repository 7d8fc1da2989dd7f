parameters {
  vector[2, 2] v;
}
