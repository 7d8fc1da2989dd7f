// a parameter and a constant outside the support of an argument
parameters {
  real unb_p;
  real<lower=0> pos_p;
  real mu;
  real sigma;
}
model {
  1 ~ poisson(unb_p);
  1 ~ poisson(pos_p);
  mu ~ normal(0, 1);
  sigma ~ normal(0, 1);
  target += normal_lpdf(mu | 0, sigma);
  mu ~ normal(0, 1 - 2);
}
