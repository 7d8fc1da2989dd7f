transformed data {
  real y = normal_rng(0, 1);
  int k = bernoulli_rng(0.5);
}
