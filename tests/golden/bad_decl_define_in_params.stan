parameters {
  real y = 0;
}
