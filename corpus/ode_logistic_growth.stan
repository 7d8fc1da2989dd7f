// Logistic growth of a cell culture fitted through the ODE solver ode_rk45,
// passing the growth rate and carrying capacity as variadic arguments, with
// lognormal measurement error.
functions {
  vector logistic_rhs(real t, vector n, real r, real capacity) {
    vector[1] dndt;
    dndt[1] = r * n[1] * (1 - n[1] / capacity);
    return dndt;
  }
}
data {
  int<lower=1> T_obs;
  real t0;
  array[T_obs] real ts;                    // strictly increasing, > t0
  array[T_obs] real<lower=0> density;      // observed cell density
}
parameters {
  real<lower=0> r;
  real<lower=0> capacity;
  real<lower=0> n0;
  real<lower=0> sigma;
}
transformed parameters {
  array[T_obs] vector[1] n_hat = ode_rk45(logistic_rhs, [n0]', t0, ts, r,
                                          capacity);
}
model {
  r ~ lognormal(log(0.5), 0.5);
  capacity ~ lognormal(log(100), 0.5);
  n0 ~ lognormal(log(5), 0.5);
  sigma ~ normal(0, 0.5);
  for (t in 1:T_obs) {
    density[t] ~ lognormal(log(n_hat[t, 1]), sigma);
  }
}
generated quantities {
  array[T_obs] real density_rep;
  for (t in 1:T_obs) {
    density_rep[t] = lognormal_rng(log(n_hat[t, 1]), sigma);
  }
  real doubling_time = log(2) / r;
}
