parameters {
  real<lower=0, upper=1> a;
  real<lower=-1, upper=1> b;
  real<lower=-2, upper=1012> c;
  real<lower=1, upper=-1> d;
}
model {
  c ~ normal(b, a);
  d ~ normal(0, 1);
  a ~ beta(2, 2);
  b ~ normal(0, 1);
}
