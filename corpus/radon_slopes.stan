// Radon-style model with varying intercepts and varying floor slopes per
// county. The two county effects are correlated: LKJ prior on a
// cholesky_factor_corr, scaled with diag_pre_multiply, non-centered through a
// matrix of standard normals.
data {
  int<lower=1> N;
  int<lower=1> J;
  array[N] int<lower=1, upper=J> county;
  vector<lower=0, upper=1>[N] floor_level;
  vector[N] log_radon;
}
parameters {
  vector[2] mu_ab;                  // mean intercept and mean slope
  vector<lower=0>[2] tau;           // county-level scales
  cholesky_factor_corr[2] L_Omega;  // correlation of intercept and slope
  matrix[2, J] z;
  real<lower=0> sigma_y;
}
transformed parameters {
  // row j holds (intercept, slope) for county j
  matrix[J, 2] ab = rep_matrix(mu_ab', J)
                    + (diag_pre_multiply(tau, L_Omega) * z)';
}
model {
  mu_ab ~ normal(0, 5);
  tau ~ exponential(1);
  L_Omega ~ lkj_corr_cholesky(2);
  to_vector(z) ~ std_normal();
  sigma_y ~ exponential(1);
  log_radon ~ normal(ab[county, 1] + ab[county, 2] .* floor_level, sigma_y);
}
generated quantities {
  corr_matrix[2] Omega = multiply_lower_tri_self_transpose(L_Omega);
  real rho_ab = Omega[1, 2];
}
