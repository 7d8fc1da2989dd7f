generated quantities {
  real x = 1;
  x ~ normal(0, 1);
}
