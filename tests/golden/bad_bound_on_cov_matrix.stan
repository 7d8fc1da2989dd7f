parameters {
  cov_matrix<lower=0>[2] S;
}
