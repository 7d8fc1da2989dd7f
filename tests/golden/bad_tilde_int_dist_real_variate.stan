parameters {
  real y;
}
model {
  y ~ poisson(3);
}
