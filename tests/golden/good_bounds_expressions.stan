data {
  int N;
  real L;
  real U;
}
parameters {
  real<lower=L, upper=U> x;
  real<lower=L + 1, upper=2 * U> y;
  real<lower=fmin(L, U)> z;
}
