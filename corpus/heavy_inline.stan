// A function whose inlining would duplicate heavy work: a Cholesky
// factor of a covariance built from data and two parameters, called in
// many places; inlining it everywhere makes the program larger and slower.
functions {
  matrix chol_cov(array[] real x, real alpha, real rho) {
    int n = size(x);
    matrix[n, n] K = gp_exp_quad_cov(x, alpha, rho);
    for (i in 1:n) {
      K[i, i] += 1e-6 + 0.1;
    }
    return cholesky_decompose(K);
  }
}
data {
  int<lower=1> N;
  array[N] real x;
  vector[N] y1;
  vector[N] y2;
  vector[N] y3;
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
}
model {
  alpha ~ normal(0, 2);
  rho ~ inv_gamma(5, 5);
  y1 ~ multi_normal_cholesky(rep_vector(0, N), chol_cov(x, alpha, rho));
  y2 ~ multi_normal_cholesky(rep_vector(0, N), chol_cov(x, alpha, rho));
  y3 ~ multi_normal_cholesky(rep_vector(0, N), chol_cov(x, alpha, rho));
}
generated quantities {
  real trace_l = sum(diagonal(chol_cov(x, alpha, rho)));
}
