functions {
  real f(real y) {
    return normal_lupdf(y | 0, 1);
  }
}
