// The cdfs of mass functions take an int variate and of densities a
// real one, whatever the argument's type: discrete cdfs (bernoulli,
// binomial, poisson, neg_binomial_2, beta_binomial) and continuous ones
// given an int (normal_lcdf(3 | ...)), through values and derivatives.
data {
  int<lower=0> n;
  array[3] int<lower=0> ks;
}
parameters {
  real<lower=0, upper=1> p;
  real<lower=0> lam;
  real<lower=0> phi;
  real mu;
}
model {
  p ~ beta(2, 2);
  lam ~ lognormal(0, 0.5);
  phi ~ lognormal(0, 0.5);
  mu ~ normal(0, 1);
  target += bernoulli_lcdf(0 | p) + binomial_lcdf(ks | n, p);
  target += log(binomial_cdf(2 | n, p)) + poisson_lccdf(ks | lam);
  target += log(poisson_cdf(3 | lam)) + neg_binomial_2_lcdf(ks | lam, phi);
  target += log(neg_binomial_2_cdf(2 | lam, phi));
  target += log(beta_binomial_cdf(2 | n, phi, 2)) + beta_binomial_lccdf(1 | n, 2, phi);
  target += normal_lcdf(3 | mu, 2) + normal_lccdf(-1 | mu, 1) + log(normal_cdf(1 | mu, 1));
  target += exponential_lccdf(2 | lam) + gamma_lcdf(1 | phi, 1);
}
generated quantities {
  real c = poisson_cdf(ks | 2.0) + binomial_cdf(1 | 3, 0.5);
}
