// A loop whose body recomputes a loop-invariant expression: lcm hoists
// it, so the flowgraph after lcm has a new node before the loop and a
// changed statement inside it (filled green; the statement it replaced
// filled red in the picture before).
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  real mu;
  real<lower=0> sigma;
}
model {
  mu ~ normal(0, 5);
  sigma ~ exponential(1);
  for (n in 1:N) {
    target += normal_lpdf(y[n] | mu, exp(log(sigma)));
  }
}
