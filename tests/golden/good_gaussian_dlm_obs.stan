// gaussian_dlm_obs in both signatures (Stan Functions Reference 2.38,
// "Gaussian dynamic linear models"): real gaussian_dlm_obs_lpdf(matrix y |
// matrix F, matrix G, matrix V, matrix W, vector m0, matrix C0) and the
// same with vector V, the observation variances.
data {
  int T;
  matrix[2, T] y;
  matrix[3, 2] F;
  matrix[3, 3] G;
}
parameters {
  cov_matrix[2] V;
  vector<lower=0>[2] v;
  cov_matrix[3] W;
  vector[3] m0;
  cov_matrix[3] C0;
}
model {
  y ~ gaussian_dlm_obs(F, G, V, W, m0, C0);
  y ~ gaussian_dlm_obs(F, G, v, W, m0, C0);
  target += gaussian_dlm_obs_lupdf(y | F, G, v, W, m0, C0);
}
