// bounds (0, 1) and (-1, 1), one-sided bounds, bounds from data
data {
  real L;
}
parameters {
  real<lower=0, upper=1> a;
  real<lower=-1, upper=1> b;
  real<lower=0> c;
  real<lower=L, upper=L + 1> d;
}
model {
  a ~ beta(2, 2);
  b ~ normal(0, 1);
  c ~ exponential(1);
  d ~ normal(L, 1);
}
