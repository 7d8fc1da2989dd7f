// multi_gp's variate is a matrix, one row per kernel scale (Stan
// Functions Reference 2.38, "Multivariate Gaussian process
// distribution"): a vector is no signature.
data {
  vector[3] y;
  cov_matrix[3] Sigma;
  vector[1] w;
}
model {
  y ~ multi_gp(Sigma, w);
}
