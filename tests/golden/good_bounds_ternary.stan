data {
  int flag;
}
parameters {
  real<lower=(flag ? 0 : -1)> x;
}
