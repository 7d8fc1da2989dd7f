// control flow on data and loop variables only; a truncated variate
functions {
  real f(real x) {
    if (x > 0) {
      return x;
    }
    return -x;
  }
}
data {
  int N;
  array[N] real y;
  real c;
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
  for (n in 1:N) {
    if (n > 1 && y[n] > c) {
      y[n] ~ normal(mu, 1) T[0, ];
    }
  }
  target += f(c) * mu;
}
