generated quantities {
  real y = normal_rng(0, 1);
  int k = poisson_rng(3);
}
