// The size of a square matrix type (cov_matrix[K], corr_matrix[K], ...)
// is both its rows and its columns: an expression there is copied, not
// shared (the MIR is a tree; the fuzzer found corr_matrix[2>=2] an
// internal error: "an expression node (FunApp) is in two places").
data {
  int K;
}
parameters {
  corr_matrix[2 >= 2] C;
  cov_matrix[K + 1] S;
  cholesky_factor_corr[K * 2] L;
}
model {
  C ~ lkj_corr(2);
  L ~ lkj_corr_cholesky(2);
}
