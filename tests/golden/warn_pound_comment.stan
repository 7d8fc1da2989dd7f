# an old-style comment
parameters {
  real y;
}
model {
  y ~ normal(0, 1); # trailing
}
