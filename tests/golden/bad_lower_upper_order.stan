parameters {
  real<upper=1, lower=0> x;
}
