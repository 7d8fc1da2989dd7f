functions {
  real zip_lpmf(int k, real p, real lambda) {
    if (k == 0)
      return log_sum_exp(log(p), log1m(p) + poisson_lpmf(0 | lambda));
    return log1m(p) + poisson_lpmf(k | lambda);
  }
}
data {
  array[3] int k;
}
parameters {
  real<lower=0, upper=1> p;
  real<lower=0> lambda;
}
model {
  for (n in 1:3)
    k[n] ~ zip(p, lambda);
}
