// GARCH(1,1) volatility model for daily returns. The conditional standard
// deviation is built by a loop in transformed parameters; the stationarity
// condition alpha1 + beta1 < 1 is encoded by an upper bound that depends on
// another parameter.
data {
  int<lower=2> T;
  vector[T] r;                     // returns
  real<lower=0> sigma1;            // initial volatility
}
parameters {
  real mu;
  real<lower=0> alpha0;
  real<lower=0, upper=1> alpha1;
  real<lower=0, upper=(1 - alpha1)> beta1;
}
transformed parameters {
  vector<lower=0>[T] sigma;
  sigma[1] = sigma1;
  for (t in 2:T) {
    sigma[t] = sqrt(alpha0
                    + alpha1 * square(r[t - 1] - mu)
                    + beta1 * square(sigma[t - 1]));
  }
}
model {
  mu ~ normal(0, 1);
  alpha0 ~ normal(0, 1);
  r ~ normal(mu, sigma);
}
generated quantities {
  real sigma_next = sqrt(alpha0 + alpha1 * square(r[T] - mu)
                         + beta1 * square(sigma[T]));
  real r_next = normal_rng(mu, sigma_next);
  real persistence = alpha1 + beta1;
}
