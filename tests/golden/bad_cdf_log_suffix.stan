transformed data {
  real x = normal_cdf_log(0, 0, 1);
}
