functions {
  real mycount_lpmf(int k, real lambda) {
    return poisson_lpmf(k | lambda);
  }
}
data {
  int k;
}
parameters {
  real<lower=0> lambda;
}
model {
  k ~ mycount(lambda);
}
