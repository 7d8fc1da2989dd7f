// lkj_cov (Stan Functions Reference, "Correlation Matrix Distributions",
// the deprecated LKJ covariance: lognormal on the standard deviations,
// LKJ on the correlation matrix), every argument a parameter.
parameters {
  cov_matrix[3] S;
  vector[3] mu;
  vector<lower=0>[3] sigma;
  real<lower=0> eta;
}
model {
  mu ~ normal(0, 1);
  sigma ~ lognormal(0, 0.5);
  eta ~ gamma(2, 1);
  S ~ lkj_cov(mu, sigma, eta);
  target += lkj_cov_lupdf(S | mu, sigma, 2.5);
}
