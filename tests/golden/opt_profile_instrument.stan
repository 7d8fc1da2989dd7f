// The profile pass (build --profile): a record around every model-block
// statement but declarations (model:L<line>:<what>) and around every user
// function's body but its final return (fn:<name>), opening no scope.
functions {
  real twice(real x) {
    return 2 * x;
  }
  void hello() {
    print("hello");
  }
}
data {
  int N;
  vector[N] y;
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  real m = twice(mu);
  mu ~ normal(0, 1);
  target += exponential_lpdf(sigma | 1);
  for (n in 1:N)
    y[n] ~ normal(m, sigma);
  if (mu > 10)
    hello();
  target += -0.5 * square(sigma);
}
