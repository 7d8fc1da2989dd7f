parameters {
  real a;
  real b;
}
model {
  profile("a") {
    a ~ normal(0, 1);
  }
  profile("b") {
    b ~ normal(0, 1);
  }
}
