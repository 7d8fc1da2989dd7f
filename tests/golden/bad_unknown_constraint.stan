parameters {
  real<positive> y;
}
