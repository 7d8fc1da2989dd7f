generated quantities {
  real x = 1;
}
