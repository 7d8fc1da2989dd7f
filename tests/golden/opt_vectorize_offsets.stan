// vectorize-loops, accepted: offsets.  y[n - 1] over 2:N becomes the slice
// y[1:(N - 1)] and y[n] the slice y[2:N] (proved inside y: 1 >= 1 and
// N - 1 <= N), under the guard 2 <= N; x[n + 1] over 1:(N - 1) is x[2:N];
// a literal non-empty range (1:3, N >= 3 declared) needs no guard; the offset may be an
// invariant int (K, a data int with a lower bound).
data {
  int<lower=3> N;
  int<lower=0, upper=1> K;
  vector[N] y;
  array[N] real x;
}
parameters {
  real alpha;
  real beta;
  real<lower=0> sigma;
}
model {
  for (n in 2:N) {
    y[n] ~ normal(alpha + beta * y[n - 1], sigma);
  }
  for (n in 1:(N - 1)) {
    y[n] ~ normal(x[n + 1], sigma);
  }
  for (n in 1:3) {
    target += normal_lpdf(y[n] | alpha, sigma);
  }
  for (n in 1:(N - K)) {
    x[n + K] ~ normal(alpha, sigma);
  }
}
