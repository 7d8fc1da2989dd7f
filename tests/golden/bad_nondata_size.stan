parameters {
  real x;
}
transformed parameters {
  vector[x > 0] v;
}
