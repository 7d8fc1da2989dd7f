parameters {
  real y;
}
model {
  increment_log_prob(-y^2);
}
