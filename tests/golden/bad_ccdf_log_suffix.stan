transformed data {
  real x = normal_ccdf_log(0, 0, 1);
}
