// a hyperparameter given as data, a prior scaled by a data summary, a
// parameter used only as a scale, a prior through a transformed parameter
data {
  int N;
  vector[N] y;
  real<lower=0> tau0;
}
transformed data {
  real y_scale = sd(y);
}
parameters {
  real mu;
  real<lower=0> sigma;
  real<lower=0> tau;
  real theta_raw;
  real eta;
}
transformed parameters {
  real theta = 2 * theta_raw;
}
model {
  mu ~ normal(0, tau0);
  tau ~ normal(0, 5 * y_scale);
  sigma ~ exponential(1);
  theta ~ normal(0, 1);
  eta ~ normal(0, tau);
  y ~ normal(mu + theta + eta, sigma);
}
