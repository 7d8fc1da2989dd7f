transformed data {
  vector[2] v;
  real x = 1 ? v : 2.0;
}
