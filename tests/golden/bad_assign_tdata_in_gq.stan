transformed data {
  real c = 1;
}
generated quantities {
  c = 2;
}
