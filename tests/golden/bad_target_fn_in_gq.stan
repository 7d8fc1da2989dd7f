generated quantities {
  real t = target();
}
