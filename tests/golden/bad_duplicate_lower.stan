parameters {
  real<lower=0, lower=1> x;
}
