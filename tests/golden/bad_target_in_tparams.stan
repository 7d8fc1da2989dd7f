parameters {
  real x;
}
transformed parameters {
  target += x;
}
