// a uniform whose bounds are the parameter's own
parameters {
  real<lower=0, upper=1> b;
}
model {
  b ~ uniform(0, 1);
}
