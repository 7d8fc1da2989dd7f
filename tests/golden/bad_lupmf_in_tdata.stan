transformed data {
  real lp = poisson_lupmf(2 | 3);
}
