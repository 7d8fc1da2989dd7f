// @silent silences what is said about its declaration only
parameters {
  @silent real a;
  real b;
  @silent real<lower=-2, upper=5> c;
  real<lower=-2, upper=5> d;
}
model {
  if (a > b) {
    c ~ normal(0, 1);
  }
  d ~ normal(0, 1);
}
