parameters {
  real d;
  real e;
}
model {
  d ~ normal(0, 1);
  1 ~ normal(d, 1);
  e ~ normal(0, 1);
  e ~ student_t(3, 0, 1);
}
