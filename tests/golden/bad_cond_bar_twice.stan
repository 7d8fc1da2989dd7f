transformed data {
  real x = normal_lpdf(1 | 0 | 1);
}
