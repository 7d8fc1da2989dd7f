parameters {
  real x;
}
model {
  jacobian += x;
}
