parameters {
  real y;
}
model {
  target += normal_lpdf(y | 0, 1);
  target += normal_lupdf(y | 0, 1);
  target += poisson_lupmf(3 | exp(y));
}
