functions {
  real f(real x) {
    return normal_rng(x, 1);
  }
}
