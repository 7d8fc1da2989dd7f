data {
  int<lower=1> K;
  int<lower=0, upper=10> n;
  vector<lower=0>[K] w;
}
parameters {
  real<lower=0> sigma;
  real<upper=1> u;
  real<lower=-1, upper=1> rho;
  vector<offset=1, multiplier=2>[K] z;
  simplex[K] theta;
  ordered[K] c;
  positive_ordered[K] pc;
  unit_vector[K] dir;
  sum_to_zero_vector[K] s0;
  cholesky_factor_corr[K] L;
  cholesky_factor_cov[K + 1, K] Lc;
  corr_matrix[K] Omega;
  cov_matrix[K] Sigma;
  row_stochastic_matrix[K, K] P;
  column_stochastic_matrix[K, K] Q;
  sum_to_zero_matrix[K, K] S;
}
transformed parameters {
  real<lower=0> tau = sigma * 2;
}
model {
  sigma ~ exponential(1);
}
generated quantities {
  real<lower=0> draw = exponential_rng(sigma);
}
