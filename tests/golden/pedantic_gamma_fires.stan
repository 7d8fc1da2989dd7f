parameters {
  real<lower=0> tau;
  real<lower=0> s2;
}
model {
  tau ~ gamma(0.5, 0.5);
  s2 ~ inv_gamma(0.1 * 0.5, 0.05);
}
