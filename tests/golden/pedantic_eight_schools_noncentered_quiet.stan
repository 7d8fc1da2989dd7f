// The same coaching-effect meta-analysis, non-centered through the
// offset/multiplier affine transform, with posterior predictive checks.
data {
  int<lower=0> J;
  vector[J] y;
  vector<lower=0>[J] sigma;
}
parameters {
  real mu;
  real<lower=0> tau;
  vector<offset=mu, multiplier=tau>[J] theta;
}
model {
  mu ~ normal(0, 10);
  tau ~ normal(0, 5);
  theta ~ normal(mu, tau);
  y ~ normal(theta, sigma);
}
generated quantities {
  array[J] real y_rep = normal_rng(theta, sigma);
  real theta_new = normal_rng(mu, tau);
  real shrinkage = tau ^ 2 / (tau ^ 2 + mean(sigma .* sigma));
}
