parameters {
  @silent real a;
  @silent real<lower=-2, upper=5> c;
}
model {
  c ~ normal(0, 1);
  c ~ uniform(-1, 1);
}
