functions {
  real my_rng(real mu) {
    return normal_rng(mu, 1);
  }
}
generated quantities {
  real y = my_rng(0);
}
