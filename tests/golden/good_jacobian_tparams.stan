parameters {
  real y;
}
transformed parameters {
  real x = exp(y);
  jacobian += y;
}
