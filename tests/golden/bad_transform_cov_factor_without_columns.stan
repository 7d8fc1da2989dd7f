// cholesky_factor_cov_constrain takes the free vector and both sizes of
// the factor (Stan Functions Reference 2.37, "Variable Transformation
// Functions": matrix cholesky_factor_cov_constrain(vector y, int M,
// int N)); the column count cannot be left out.
parameters {
  vector[6] w;
}
transformed parameters {
  matrix[3, 3] L = cholesky_factor_cov_constrain(w, 3);
}
