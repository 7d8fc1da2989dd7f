data { real y; }
parameters { real mu; real<lower=0> s; }
model {
  target += normal_lpdf(y | mu, s);
  target += 0.5 * target();
}
