// gaussian_dlm_obs (Stan Functions Reference, "Gaussian dynamic linear
// models"), both signatures: a matrix V and a vector V of observation
// variances.  The variances, a system coefficient, m0 and C0 are
// parameters (forward-mode partials through the Kalman filter).
data {
  int<lower=1> T;
  matrix[2, T] y;
  matrix[2, 2] F;
}
parameters {
  real<lower=0.5, upper=1> g;
  vector<lower=0>[2] v;
  cov_matrix[2] V;
  real<lower=0> w;
  vector[2] m0;
  cov_matrix[2] C0;
}
model {
  matrix[2, 2] G = [[g, 0.1], [0, g]];
  matrix[2, 2] W = diag_matrix(rep_vector(w, 2));
  v ~ lognormal(0, 0.5);
  w ~ lognormal(0, 0.5);
  m0 ~ normal(0, 1);
  y ~ gaussian_dlm_obs(F, G, V, W, m0, C0);
  target += gaussian_dlm_obs_lpdf(y | F, G, v, W, m0, C0);
  target += gaussian_dlm_obs_lupdf(y | F, G, v, W, [0, 0]', C0);
}
