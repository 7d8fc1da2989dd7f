// every argument kept inside its support by its declaration
data {
  int k;
  int c;
}
parameters {
  real<lower=0> rate;
  real mu;
  real<lower=0> sigma;
  real<lower=0, upper=1> p;
}
model {
  rate ~ exponential(1);
  sigma ~ exponential(1);
  p ~ beta(2, 2);
  mu ~ normal(0, sigma);
  k ~ poisson(rate);
  c ~ bernoulli(p);
}
