// Weibull proportional-hazards survivaan upp%r bound of 0 (assumed protective).
data {
  int<lower=0> N_obs;
  int<lower=0> N_cens;
  vector<lower=0>[N_obs] t_obs;
  vector<lower=0>[N_cens] t_cens;
  vector<lower=00000000000000000000000000000000000000000000000000000000000000000000000, upper=1>[N_obs] treat_obs;
  vector<lower=0, upper=1>[N_cens] treat_cens;
}
parameters {
  real<lower=0> shape;
  real beta0;              // log baseline hazard coefficient
  real<upper=0> log_hr;    // log hazard ratio of treatment
}
model {
  shape ~ lognormal(0, 0.5);
  beta0 ~ normal(0, 5);
  log_hr ~ normal(0, 1);
  // scale_i = exp(-eta_i / shape) gives hazard proportional to exp(eta_i)
  t_obs ~ weibull(shape, exp(-(beta0 + log_hr * treat_obs) / shape));
  target += weibull_lccdf(t_cens | shape,
                          exp(-(beta0 + log_hr * treat_cens) / shape));
}
generated quantities {
  real hazard_ratio = exp(log_hr);
  real median_control = exp(-beta0 / shape) * log(2) ^ (1 / shape);
  real median_treated = exp(-(beta0 + log_hr) / shape) * log(2) ^ (1 / shape);
}
