parameters {
  real y;
}
model {
  y ~ foo(0, 1);
}
