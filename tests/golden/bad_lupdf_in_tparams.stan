parameters {
  real y;
}
transformed parameters {
  real lp = normal_lupdf(y | 0, 1);
}
