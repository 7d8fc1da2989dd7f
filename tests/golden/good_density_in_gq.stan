generated quantities {
  real lp = normal_lpdf(1 | 0, 1);
  real lc = exponential_lccdf(1 | 2);
}
