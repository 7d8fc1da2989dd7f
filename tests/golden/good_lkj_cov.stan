// lkj_cov, the deprecated LKJ covariance density (Stan Functions
// Reference 2.38, "Correlation Matrix Distributions"):
// real lkj_cov_lpdf(matrix W | vector mu, vector sigma, real eta).
parameters {
  cov_matrix[3] W;
  vector[3] mu;
  vector<lower=0>[3] sigma;
}
model {
  W ~ lkj_cov(mu, sigma, 2.0);
  target += lkj_cov_lupdf(W | mu, sigma, 1.5);
}
