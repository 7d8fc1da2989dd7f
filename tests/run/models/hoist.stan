// Loop-invariant work in fused loops (hoisted by the lcm pass; at O0 as
// written): a user function, exp and a sigma expression computed once; an
// invariant expression used only under an if stays in the loop; nested
// loops; a loop of no iterations runs none of the hoisted code.
functions {
  real center(real a, real b) {
    return a - 0.25 * b;
  }
}
data {
  int<lower=0> N;
  vector[N] x;
  vector[N] y;
  int<lower=0> E;      // 0: an empty loop
}
parameters {
  real mu;
  real ls;
  real<lower=0> s1;
  real<lower=0> s2;
}
model {
  mu ~ normal(0, 1);
  ls ~ normal(0, 1);
  s1 ~ lognormal(0, 0.5);
  s2 ~ lognormal(0, 0.5);
  for (n in 1:N) {
    y[n] ~ normal(center(mu, ls) + exp(ls) * x[n], sqrt(square(s1) + s2));
    if (x[n] > 0)
      target += -0.1 * square(log1p(s1) * x[n]);
    for (k in 1:2)
      target += normal_lpdf(x[n] | mu * k, s2 + k);
  }
  for (e in 1:E)
    y[e] ~ normal(log(mu), s1);
}
