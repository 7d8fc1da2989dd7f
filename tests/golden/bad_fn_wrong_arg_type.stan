transformed data {
  vector[2] v;
  real x = dot_product(v, 1);
}
