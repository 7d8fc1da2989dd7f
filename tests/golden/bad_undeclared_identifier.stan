model {
  y ~ normal(0, 1);
}
