parameters {
  real<lower=0 y;
}
