transformed data {
  real s = 1;
}
parameters {
  real<lower=0> x;
}
model {
  x ~ exponential(s);
}
