data {
  int N;
  vector[N] x;
  array[N] int<lower=0, upper=1> y;
}
parameters {
  real a;
  real b;
}
model {
  y ~ bernoulli_logit(a + b * x);
}
