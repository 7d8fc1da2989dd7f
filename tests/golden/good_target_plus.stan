parameters {
  real y;
}
model {
  target += -0.5 * y ^ 2;
  target += normal_lpdf(y | 0, 1);
  target += {1.0, 2.0};
}
