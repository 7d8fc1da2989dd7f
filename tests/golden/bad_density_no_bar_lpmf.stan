model {
  target += poisson_lpmf(2, 3);
}
