generated quantities {
  real z = 1;
}
parameters {
  real y;
}
