parameters {
  real y;
}
model {
  target += normal_log(y, 0, 1);
}
