// A ?: whose untaken arm rejects or divides by zero: folding or hoisting
// must not evaluate the arm the program does not take.
functions {
  real fail_if_called(real x) {
    reject("fail_if_called: the untaken arm of ?: was evaluated (x = ", x,
           ")");
    return x;
  }
}
data {
  int<lower=1> N;
  vector[N] y;
  int<lower=0, upper=1> use_log;   // 1 in the shipped data
  int<lower=0> zero;               // 0 in the shipped data
}
transformed data {
  // the untaken arm is an int division by zero
  int k = zero == 0 ? 1 : 10 %/% zero;
  real shift = use_log ? 0.5 : fail_if_called(1.0);
}
parameters {
  real<lower=0> lambda;
  real mu;
}
model {
  real scale = use_log ? exp(log(lambda)) : fail_if_called(lambda);
  lambda ~ gamma(2, 2);
  mu ~ normal(0, 2);
  y ~ normal(mu + shift * k, scale);
}
generated quantities {
  real guarded = lambda > 0 ? log(lambda) : fail_if_called(lambda);
}
