// gp_exp_quad_cov(x1, x2, alpha, rho) between two sets of points, of
// reals and of vectors, with parameters in each argument.
data {
  int<lower=1> N1;
  int<lower=1> N2;
  array[N1] real x1d;
  array[N2] real x2d;
  array[N1] int xi;
  array[N1] vector[2] p1d;
}
parameters {
  real<lower=0> alpha;
  real<lower=0> rho;
  array[N1] real x1;
  array[N2] vector[2] p2;
}
transformed parameters {
  matrix[N1, N2] K = gp_exp_quad_cov(x1, x2d, alpha, rho);
}
model {
  target += sum(K);
  target += sum(gp_exp_quad_cov(x2d, x1, alpha, rho));
  target += sum(gp_exp_quad_cov(x1, x1, alpha, rho));
  target += sum(gp_exp_quad_cov(p1d, p2, alpha, rho));
  target += sum(gp_exp_quad_cov(p2, p1d, alpha, 1.5));
  target += sum(gp_exp_quad_cov(p2, p2, alpha, rho));
  target += sum(gp_exp_quad_cov(xi, x1, 2.0, rho));
  target += -0.5 * dot_self(to_vector(x1));
  target += -0.5 * square(alpha) - 0.5 * square(rho);
}
generated quantities {
  matrix[N1, N2] Kd = gp_exp_quad_cov(x1d, x2d, 1.0, 0.5);
}
