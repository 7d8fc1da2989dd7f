// The trace's backward pass: a user function, indexing into a vector
// built in a loop, a bound that depends on another parameter, a simplex
// (its transform by a closed-form rule) and the queries on the list.
functions {
  real scaled(real x, real s) {
    return x * s;
  }
}
data {
  vector[2] y;
}
parameters {
  real mu;
  real<lower=0, upper=1> a;
  real<lower=0, upper=1 - a> b;
  simplex[2] theta;
}
model {
  vector[2] m;
  for (n in 1:2) {
    m[n] = scaled(mu, n) + a;
  }
  y ~ normal(m, b + 0.5);
  target += log(theta[1]);
}
