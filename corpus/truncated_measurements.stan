// One quantity measured by three instruments that only report values inside
// their working range: the first has a two-sided range (T[L, U]), the second
// only a lower detection limit (T[L2, ]), the third only an upper
// saturation limit (T[, U3]). Generated quantities draws from the truncated
// predictive by rejection in a bounded while loop.
data {
  real L;
  real<lower=L> U;
  int<lower=0> N;
  array[N] real<lower=L, upper=U> y;
  real L2;
  int<lower=0> N2;
  array[N2] real<lower=L2> y2;
  real U3;
  int<lower=0> N3;
  array[N3] real<upper=U3> y3;
}
parameters {
  real mu;
  real<lower=0> sigma;
  real<lower=0> sigma2;
  real<lower=0> sigma3;
}
model {
  mu ~ normal(0, 10);
  sigma ~ normal(0, 5);
  sigma2 ~ normal(0, 5);
  sigma3 ~ normal(0, 5);
  for (n in 1:N) {
    y[n] ~ normal(mu, sigma) T[L, U];
  }
  for (n in 1:N2) {
    y2[n] ~ normal(mu, sigma2) T[L2, ];
  }
  for (n in 1:N3) {
    y3[n] ~ normal(mu, sigma3) T[, U3];
  }
}
generated quantities {
  real y_rep = normal_rng(mu, sigma);
  int tries = 1;
  while ((y_rep < L || y_rep > U) && tries < 1000) {
    y_rep = normal_rng(mu, sigma);
    tries += 1;
  }
  real p_in_range = normal_cdf(U | mu, sigma) - normal_cdf(L | mu, sigma);
}
