generated quantities {
  real lp = normal_lupdf(1 | 0, 1);
}
