// Radon-style multilevel regression: log radon measured in homes nested in
// counties. Varying county intercepts with a county-level soil-uranium
// predictor, written with an explicit non-centered parameterization.
data {
  int<lower=1> N;                            // homes
  int<lower=1> J;                            // counties
  array[N] int<lower=1, upper=J> county;     // county of each home
  vector<lower=0, upper=1>[N] floor_level;   // 0 = basement, 1 = ground floor
  vector[J] log_uranium;                     // county-level predictor
  vector[N] log_radon;
}
parameters {
  real mu_a;
  real b_uranium;
  real b_floor;
  real<lower=0> sigma_a;
  real<lower=0> sigma_y;
  vector[J] a_raw;
}
transformed parameters {
  vector[J] a = mu_a + b_uranium * log_uranium + sigma_a * a_raw;
}
model {
  vector[N] mu;
  for (n in 1:N) {
    mu[n] = a[county[n]] + b_floor * floor_level[n];
  }
  mu_a ~ normal(0, 5);
  b_uranium ~ normal(0, 2);
  b_floor ~ normal(0, 2);
  sigma_a ~ normal(0, 1);
  sigma_y ~ normal(0, 1);
  a_raw ~ std_normal();
  log_radon ~ normal(mu, sigma_y);
}
generated quantities {
  vector[N] log_lik;
  array[N] real y_rep;
  {
    vector[N] mu = a[county] + b_floor * floor_level;
    for (n in 1:N) {
      log_lik[n] = normal_lpdf(log_radon[n] | mu[n], sigma_y);
    }
    y_rep = normal_rng(mu, sigma_y);
  }
}
