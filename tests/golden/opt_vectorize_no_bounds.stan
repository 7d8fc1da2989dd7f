// vectorize-loops, refused: bounds that are not plain int arithmetic of
// variables and literals (they are evaluated again for the guard and the
// slices).  A user function (it prints), a division, a ternary.
functions {
  int announced(int n) {
    print("bound ", n);
    return n;
  }
}
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  for (n in 1:announced(N)) {
    y[n] ~ normal(mu, sigma);
  }
  for (n in 1:(N %/% 2)) {
    y[n] ~ normal(mu, sigma);
  }
  for (n in 1:(N > 2 ? 2 : N)) {
    y[n] ~ normal(mu, sigma);
  }
}
