model {
  real while = 1;
}
