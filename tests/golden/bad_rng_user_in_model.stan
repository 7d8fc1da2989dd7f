functions {
  real g_rng(real x) {
    return normal_rng(x, 1);
  }
}
model {
  target += g_rng(1.0);
}
