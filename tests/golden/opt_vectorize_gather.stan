// vectorize-loops, accepted: a gather.  a[g[n]] becomes a[g] because g is
// data declared array[N] int<lower=1, upper=J> and a has size J (every
// element of g indexes inside a); over 2:N, g[n] becomes the slice
// g[2:N] and a[g[2:N]] the multi-index.
data {
  int<lower=1> N;
  int<lower=1> J;
  array[N] int<lower=1, upper=J> g;
  vector[N] x;
  vector[N] y;
}
parameters {
  vector[J] a;
  real b;
  real<lower=0> s;
}
model {
  for (n in 1:N) {
    y[n] ~ normal(a[g[n]] + b * x[n], s);
  }
  for (n in 2:N) {
    y[n] ~ normal(a[g[n]], s);
  }
}
