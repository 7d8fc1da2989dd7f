// gaussian_dlm_obs takes V as a matrix or as a vector of variances (Stan
// Functions Reference 2.38, "Gaussian dynamic linear models"): a
// row_vector V is no signature.
data {
  matrix[2, 4] y;
  matrix[2, 2] F;
  matrix[2, 2] G;
  row_vector[2] V;
  matrix[2, 2] W;
  vector[2] m0;
  matrix[2, 2] C0;
}
model {
  y ~ gaussian_dlm_obs(F, G, V, W, m0, C0);
}
