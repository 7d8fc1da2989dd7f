// vectorize-loops: a loop whose body is one density increment with
// arguments that are loop-invariant or exactly x[n] (x of size N) becomes
// one vectorized increment, guarded by 1 <= N.  Not vectorized: an index
// other than the loop variable, a container of another size (w[n] over
// 1:N, not proved inside w), 1:3 over y (N may be less than 3), a body with
// another statement, only invariant arguments, no vectorized signature.
data {
  int N;
  int M;
  vector[N] y;
  array[N] int k;
  vector[M] w;
  matrix[N, 2] X;
}
parameters {
  real mu;
  real<lower=0> sigma;
  vector[N] theta;
  real<lower=0> lambda;
}
model {
  for (n in 1:N) {
    y[n] ~ normal(mu + 0, sigma);
  }
  for (n in 1:N) {
    k[n] ~ poisson(lambda);
  }
  for (n in 1:N) {
    theta[n] ~ normal(y[n], 1);
  }
  for (n in 1:3) {
    target += normal_lpdf(y[n] | mu, sigma);
  }
  for (n in 1:N) {
    y[n] ~ normal(theta[N - n + 1], sigma);
  }
  for (n in 1:M) {
    w[n] ~ normal(mu, sigma);
  }
  for (n in 1:N) {
    w[n] ~ normal(mu, sigma);
  }
  for (n in 1:N) {
    y[n] ~ normal(mu, sigma);
    mu ~ normal(0, 1);
  }
  for (n in 1:N) {
    mu ~ normal(0, 1);
  }
  for (n in 1:N) {
    X[n, 1] ~ normal(mu, sigma);
  }
}
