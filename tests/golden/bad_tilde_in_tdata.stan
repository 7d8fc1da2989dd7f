transformed data {
  real x = 1;
  x ~ normal(0, 1);
}
