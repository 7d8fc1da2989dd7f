data {
  int N;
  array[N] int<lower=0> counts;
  array[N] real y;
}
parameters {
  real<lower=0> lambda;
  real mu;
}
model {
  for (i in 1:N) {
    counts[i] ~ poisson(lambda) T[1, 20];
    y[i] ~ normal(mu, 1) T[, 5];
  }
  lambda ~ gamma(2, 1) T[0.1, ];
}
