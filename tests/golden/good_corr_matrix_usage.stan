parameters {
  corr_matrix[3] Omega;
  vector<lower=0>[3] tau;
}
model {
  Omega ~ lkj_corr(2);
  tau ~ cauchy(0, 2.5);
}
