functions {
  real f(real<lower=0> x) {
    return x;
  }
}
