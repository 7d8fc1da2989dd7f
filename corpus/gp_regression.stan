// Gaussian-process regression with a squared-exponential kernel
// (gp_exp_quad_cov): Cholesky-factored marginal likelihood with
// multi_normal_cholesky, and joint posterior-predictive draws at new inputs
// from a user-defined _rng function.
functions {
  vector gp_pred_rng(array[] real x_new, array[] real x, vector y,
                     real alpha, real rho, real sigma, real jitter) {
    int N = size(x);
    int M = size(x_new);
    matrix[N, N] L = cholesky_decompose(
        add_diag(gp_exp_quad_cov(x, alpha, rho), square(sigma)));
    matrix[N, M] K_cross = gp_exp_quad_cov(x, x_new, alpha, rho);
    vector[N] w = mdivide_left_tri_low(L, y);
    matrix[N, M] V = mdivide_left_tri_low(L, K_cross);
    vector[M] f_mean = V' * w;
    matrix[M, M] f_cov = gp_exp_quad_cov(x_new, alpha, rho) - crossprod(V);
    return multi_normal_rng(f_mean, add_diag(f_cov, jitter));
  }
}
data {
  int<lower=1> N;
  array[N] real x;
  vector[N] y;
  int<lower=0> M;
  array[M] real x_new;
}
transformed data {
  vector[N] zero_mean = rep_vector(0, N);
  real jitter = 1e-6;
}
parameters {
  real<lower=0> rho;      // length-scale
  real<lower=0> alpha;    // marginal standard deviation
  real<lower=0> sigma;    // observation noise
}
model {
  matrix[N, N] L_K;
  profile("gp_cov") {
    matrix[N, N] K = gp_exp_quad_cov(x, alpha, rho);
    L_K = cholesky_decompose(add_diag(K, square(sigma)));
  }
  rho ~ inv_gamma(5, 5);
  alpha ~ std_normal();
  sigma ~ std_normal();
  y ~ multi_normal_cholesky(zero_mean, L_K);
}
generated quantities {
  vector[M] f_new = gp_pred_rng(x_new, x, y, alpha, rho, sigma, jitter);
  array[M] real y_new = normal_rng(f_new, sigma);
}
