generated quantities {
  real z = w + 1;
}
