// gamma arguments that differ, or are not below 1
parameters {
  real<lower=0> tau;
  real<lower=0> s2;
}
model {
  tau ~ gamma(2, 0.5);
  s2 ~ inv_gamma(1, 1);
}
