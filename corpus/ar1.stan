// First-order autoregression with a stationary coefficient in (-1, 1),
// vectorized over lagged slices, with an H-step-ahead simulated forecast.
data {
  int<lower=2> N;
  vector[N] y;
  int<lower=0> H;            // forecast horizon
}
parameters {
  real alpha;
  real<lower=-1, upper=1> phi;
  real<lower=0> sigma;
}
model {
  alpha ~ normal(0, 2);
  phi ~ normal(0, 0.5);
  sigma ~ exponential(1);
  y[2:N] ~ normal(alpha + phi * y[1:(N - 1)], sigma);
}
generated quantities {
  vector[H] y_fore;
  {
    real prev = y[N];
    for (h in 1:H) {
      y_fore[h] = normal_rng(alpha + phi * prev, sigma);
      prev = y_fore[h];
    }
  }
  real long_run_mean = alpha / (1 - phi);
}
