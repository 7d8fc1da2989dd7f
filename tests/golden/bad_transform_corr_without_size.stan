// cholesky_factor_corr_constrain needs the size K of the matrix as well as
// the free vector (Stan Functions Reference 2.37, "Cholesky factors of
// correlation matrices": cholesky_factor_corr_constrain(vectors y, int K)).
parameters {
  vector[3] w;
}
transformed parameters {
  matrix[3, 3] L = cholesky_factor_corr_constrain(w);
}
