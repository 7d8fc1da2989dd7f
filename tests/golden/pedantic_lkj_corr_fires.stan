parameters {
  corr_matrix[3] Omega;
}
model {
  Omega ~ lkj_corr(2);
}
