data {
  int k;
}
model {
  k ~ poisson_lpmf(3);
}
