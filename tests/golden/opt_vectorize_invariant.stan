// vectorize-loops, accepted: loop-invariant arguments (the bench model
// loop_invariant).  shift(mu, log_scale) is a pure user function, exp and
// sqrt of parameters are invariant scalars: evaluated once; x[n] and y[n]
// over 1:N with x, y of size N are x and y whole; the loop bound may be
// size(y).
functions {
  real shift(real a, real b) {
    return a + 0.5 * b;
  }
}
data {
  int<lower=1> N;
  vector[N] x;
  vector[N] y;
}
parameters {
  real mu;
  real log_scale;
  real<lower=0> sigma;
  real<lower=0> tau;
}
model {
  for (n in 1:N) {
    y[n] ~ normal(shift(mu, log_scale) + exp(log_scale) * x[n],
                  sqrt(square(sigma) + square(tau)));
  }
  for (n in 1:size(y)) {
    target += normal_lupdf(y[n] | mu, sigma);
  }
}
