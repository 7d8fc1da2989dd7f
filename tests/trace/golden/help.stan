// pplbench trace --help: the usage and every option.
parameters {
  real x;
}
model {
  x ~ normal(0, 1);
}
