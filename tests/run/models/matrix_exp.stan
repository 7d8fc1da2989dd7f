// matrix_exp, matrix_exp_multiply and scale_matrix_exp_multiply of
// parameters (Stan Functions Reference, "Linear algebra functions and
// solvers"): the adjoint is the Frechet derivative from the block
// exponential.  K scales A past the Pade thresholds, so the points
// exercise scaling and squaring too.
data {
  int<lower=1> N;
  matrix[N, N] A0;
  matrix[N, 2] B0;
  real K;
}
parameters {
  matrix[N, N] A;
  matrix[N, 2] B;
  real<lower=0> t;
}
transformed parameters {
  matrix[N, N] E = matrix_exp(A);
}
model {
  to_vector(A) ~ normal(to_vector(A0), 1);
  to_vector(B) ~ normal(to_vector(B0), 1);
  t ~ lognormal(0, 0.5);
  target += -0.1 * sum(square(E));
  target += sum(matrix_exp(K * A)) * 1e-3;
  target += sum(matrix_exp_multiply(A, B) .* B0);
  target += sum(scale_matrix_exp_multiply(t, A, B) .* B0);
  target += sum(scale_matrix_exp_multiply(t, A0, B));
}
generated quantities {
  matrix[N, 2] EB = matrix_exp_multiply(A0, B);
}
