parameters {
  real<lower=0, offset=1> x;
}
