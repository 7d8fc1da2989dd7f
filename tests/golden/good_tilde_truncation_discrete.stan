data {
  int<lower=0, upper=10> k;
}
parameters {
  real<lower=0> lambda;
}
model {
  k ~ poisson(lambda) T[0, 10];
}
