functions {
  real a_rng() {
    return uniform_rng(0, 1);
  }
  real b_rng() {
    return 2 * a_rng();
  }
}
transformed data {
  real b = b_rng();
}
