transformed data {
  real a = normal_cdf(0 | 0, 1);
  real b = normal_lcdf(0 | 0, 1);
  real c = normal_lccdf(0 | 0, 1);
  real d = poisson_cdf(2 | 3);
}
