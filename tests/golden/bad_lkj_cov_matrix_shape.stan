// lkj_cov's shape eta is a real (Stan Functions Reference 2.38,
// "Correlation Matrix Distributions", lkj_cov_lpdf(matrix W | vector mu,
// vector sigma, real eta)): a vector shape is no signature.
parameters {
  cov_matrix[2] W;
}
model {
  W ~ lkj_cov([0, 0]', [1, 1]', [2, 2]');
}
