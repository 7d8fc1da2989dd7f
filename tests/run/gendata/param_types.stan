// Every constrained parameter type, for tests/run/gendata.sh: generated
// initial values must be accepted by the sampler (init=FILE) and by
// log_prob (constrained_params=FILE).  Bounds use data and earlier
// parameters.
data {
  int<lower=1> K;
  int<lower=2, upper=4> M;
  real L;
}
parameters {
  real a;
  real<lower=0> b;
  real<upper=L> c;
  real<lower=-1, upper=b> d;
  vector<offset=a, multiplier=b>[K] e;
  vector<lower=0, upper=1>[K] f;
  simplex[K] s;
  unit_vector[K] u;
  sum_to_zero_vector[K] sz;
  sum_to_zero_matrix[K, M] szm;
  ordered[K] o;
  positive_ordered[K] po;
  cholesky_factor_corr[K] Lc;
  cholesky_factor_cov[M] Lv;
  cholesky_factor_cov[M + 1, M] Lv_tall;
  corr_matrix[K] C;
  cov_matrix[K] S;
  column_stochastic_matrix[K, M] cs;
  row_stochastic_matrix[K, M] rs;
  array[2] vector<lower=-2>[K] av;
  matrix<lower=0>[2, K] mp;
  array[2] simplex[3] as;
}
model {
  a ~ normal(0, 1);
  b ~ lognormal(0, 1);
  c ~ normal(L - 1, 1);
  e ~ normal(a, b);
  sz ~ normal(0, 1);
  to_vector(szm) ~ normal(0, 1);
  o ~ normal(0, 3);
  po ~ lognormal(0, 1);
  Lc ~ lkj_corr_cholesky(2);
  to_vector(Lv) ~ normal(0, 3);
  to_vector(Lv_tall) ~ normal(0, 3);
  C ~ lkj_corr(2);
  S ~ wishart(K + 1, identity_matrix(K));
  for (i in 1:2)
    av[i] ~ normal(0, 3);
  to_vector(mp) ~ lognormal(0, 1);
}
