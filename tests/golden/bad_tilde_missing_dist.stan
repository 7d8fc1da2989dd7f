parameters {
  real y;
}
model {
  y ~ ;
}
