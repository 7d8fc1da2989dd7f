functions {
  real log1p_exp(real x, real y) {
    return log1p_exp(x) + y;
  }
}
