parameters {
  real mu;
}
transformed parameters {
  real z = normal_rng(mu, 1);
}
