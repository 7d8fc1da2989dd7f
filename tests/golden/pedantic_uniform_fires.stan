parameters {
  real a;
  real<lower=0, upper=2> c;
}
model {
  a ~ uniform(0, 1);
  c ~ uniform(0, 1);
}
