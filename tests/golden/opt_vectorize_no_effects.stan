// vectorize-loops, refused: effects in the arguments.  An invariant that
// prints (it would print once, not N times) and one that reads target()
// (it changes every iteration).
functions {
  real noisy(real x) {
    print("noisy: ", x);
    return x;
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
  for (n in 1:N) {
    y[n] ~ normal(noisy(mu), sigma);
  }
  for (n in 1:N) {
    y[n] ~ normal(mu + 1e-9 * target(), sigma);
  }
}
