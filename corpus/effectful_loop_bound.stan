// Loop bounds with effects: a bound from a function that prints, and in
// generated quantities a bound drawn from the RNG; unrolling or peeling a
// loop must evaluate each bound exactly once.
functions {
  int announced(int n) {
    print("announced: bound ", n);
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
  for (i in 1:announced(N)) {
    y[i] ~ normal(mu, sigma);
  }
  mu ~ normal(0, 5);
  sigma ~ lognormal(0, 1);
}
generated quantities {
  int draws = 0;
  real total = 0;
  for (i in 1:poisson_rng(3)) {
    draws += 1;
    total += normal_rng(mu, sigma);
  }
  int m = 0;
  while (m < announced(2)) {
    m += 1;
  }
}
