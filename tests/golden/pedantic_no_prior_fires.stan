data {
  int N;
  vector[N] y;
}
parameters {
  real mu;
  real sigma;
}
model {
  y ~ normal(mu, exp(sigma));
  mu ~ normal(0, 1);
}
