// vectorize-loops, refused: a body with anything but density increments.
// A local assigned in the loop and read by the density (its value changes
// every iteration), a truncation (an if), a statement that is not a
// density increment (target += of an expression), a user-defined density,
// a nested loop (the inner one is not vectorizable: X[n, m]).
functions {
  real mine_lpdf(real y, real mu) {
    return -square(y - mu);
  }
}
data {
  int<lower=1> N;
  vector[N] y;
  matrix[N, 2] X;
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  for (n in 1:N) {
    real m = mu + y[n];
    y[n] ~ normal(m, sigma);
  }
  for (n in 1:N) {
    y[n] ~ normal(mu, sigma) T[-10, 10];
  }
  for (n in 1:N) {
    target += -0.5 * square((y[n] - mu) / sigma);
  }
  for (n in 1:N) {
    y[n] ~ mine(mu);
  }
  for (n in 1:N) {
    for (m in 1:2) {
      X[n, m] ~ normal(mu, sigma);
    }
  }
}
