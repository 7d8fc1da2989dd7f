parameters {
  real y;
}
model {
  profile("prior") {
    y ~ normal(0, 1);
  }
}
