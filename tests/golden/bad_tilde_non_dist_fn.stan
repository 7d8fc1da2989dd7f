parameters {
  real y;
}
model {
  y ~ exp();
}
