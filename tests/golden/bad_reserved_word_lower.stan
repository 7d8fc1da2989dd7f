parameters {
  real lower;
}
