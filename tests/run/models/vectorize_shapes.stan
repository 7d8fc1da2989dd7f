// The loops the vectorize-loops pass turns into vectorized densities, run
// by the validator against O0: offsets (y[n - 1], y[n + 1]), a gather
// a[g[n]] with g bounded by a's size, an int array in arithmetic, two
// increments under one guard, an empty loop (E = 0: the guard), a scale that is
// negative at some points (a domain error in both forms) and an
// invariant user function that rejects at others (first in both forms).
functions {
  real checked(real s) {
    if (s > 1.5) {
      reject("checked: s too large: ", s);
    }
    return s + 2;
  }
}
data {
  int<lower=2> N;
  int<lower=1> J;
  array[N] int<lower=1, upper=J> g;
  vector[N] x;
  vector[N] y;
  array[N] int<lower=0> k;
  array[N] real w;
  int<lower=0> E;
  array[E] real z;
}
parameters {
  real alpha;
  real beta;
  real<lower=0> sigma;
  vector[J] a;
  real raw_scale;
  real lambda;
}
model {
  alpha ~ normal(0, 1);
  beta ~ normal(0, 1);
  sigma ~ lognormal(0, 1);
  a ~ normal(0, 1);
  raw_scale ~ normal(1, 1);
  lambda ~ normal(0, 1);
  for (n in 2:N) {
    y[n] ~ normal(alpha + beta * y[n - 1], sigma);
  }
  for (n in 1:(N - 1)) {
    y[n] ~ normal(x[n + 1] - beta, sigma);
  }
  for (n in 1:N) {
    y[n] ~ normal(a[g[n]] + beta * x[n], sigma);
    k[n] ~ poisson_log(lambda + 0.1 * k[n] - w[n] / 4);
  }
  for (n in 1:E) {
    z[n] ~ normal(alpha, sigma);
  }
  for (n in 1:N) {
    w[n] ~ normal(exp(alpha) * x[n], checked(raw_scale));
  }
  for (n in 1:N) {
    x[n] ~ normal(inv_logit(beta * y[n]), raw_scale + 1.5);
  }
}
