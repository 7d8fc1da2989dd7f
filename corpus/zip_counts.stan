// Zero-inflated Poisson counts (e.g. fish caught per visitor, many of whom
// did not fish), with a user-defined _lpmf used through `~` and a matching
// user-defined _rng for posterior predictive draws.
functions {
  real zip_lpmf(int y, real theta, real lambda) {
    if (y == 0) {
      return log_sum_exp(log(theta), log1m(theta) - lambda);
    }
    return log1m(theta) + poisson_lpmf(y | lambda);
  }
  int zip_rng(real theta, real lambda) {
    if (bernoulli_rng(theta)) {
      return 0;
    }
    return poisson_rng(lambda);
  }
}
data {
  int<lower=0> N;
  array[N] int<lower=0> y;
  vector[N] x;
}
parameters {
  real<lower=0, upper=1> theta;   // probability of a structural zero
  real alpha;
  real b_x;
}
model {
  theta ~ beta(1, 1);
  alpha ~ normal(0, 2);
  b_x ~ normal(0, 1);
  for (n in 1:N) {
    y[n] ~ zip(theta, exp(alpha + b_x * x[n]));
  }
}
generated quantities {
  array[N] int y_rep;
  int n_zero_rep = 0;
  for (n in 1:N) {
    y_rep[n] = zip_rng(theta, exp(alpha + b_x * x[n]));
    n_zero_rep += y_rep[n] == 0;
  }
}
