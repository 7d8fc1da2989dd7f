// variates declared inside their distribution's support
parameters {
  real<lower=0> x;
  simplex[3] theta;
  real<lower=0, upper=1> q;
  cholesky_factor_corr[2] L;
}
model {
  x ~ lognormal(0, 1);
  theta ~ dirichlet(rep_vector(1, 3));
  q ~ beta(2, 2);
  L ~ lkj_corr_cholesky(2);
}
