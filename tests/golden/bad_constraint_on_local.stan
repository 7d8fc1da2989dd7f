model {
  real<lower=0> x = 1;
}
