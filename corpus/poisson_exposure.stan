// Poisson regression for incident counts observed over different exposure
// times (e.g. person-years). log(exposure) enters poisson_log as an offset.
data {
  int<lower=0> N;
  vector<lower=0>[N] exposure;
  vector[N] x;                              // standardized covariate
  array[N] int<lower=0, upper=1> treated;
  array[N] int<lower=0> y;
}
transformed data {
  vector[N] log_exposure = log(exposure);
  vector[N] treated_v = to_vector(treated);
}
parameters {
  real alpha;
  real b_x;
  real b_treat;
}
model {
  alpha ~ normal(0, 2.5);
  b_x ~ normal(0, 1);
  b_treat ~ normal(0, 1);
  y ~ poisson_log(log_exposure + alpha + b_x * x + b_treat * treated_v);
}
generated quantities {
  real rate_ratio = exp(b_treat);
  array[N] int y_rep
    = poisson_log_rng(log_exposure + alpha + b_x * x + b_treat * treated_v);
}
