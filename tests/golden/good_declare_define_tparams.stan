parameters {
  real mu;
}
transformed parameters {
  real<lower=0> s = exp(mu);
  vector[2] v = [mu, s]';
}
