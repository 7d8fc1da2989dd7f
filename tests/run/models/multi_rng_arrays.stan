// multi_student_t_rng and multi_student_t_cholesky_rng with an array of
// location vectors (Stan Functions Reference, "Multivariate Student-t
// distribution": vectorized over the locations), beside multi_normal_rng:
// the emitted C called the one-vector runtime function with the whole
// array and did not compile (make coverage-check found it).
data {
  int<lower=1> N;
  array[N] vector[2] mu;
  cov_matrix[2] S;
}
parameters {
  real x;
}
model {
  x ~ normal(0, 1);
}
generated quantities {
  array[N] vector[2] y = multi_student_t_rng(3.0, mu, S);
  array[N] vector[2] z = multi_student_t_cholesky_rng(4.0, mu,
                                                      cholesky_decompose(S));
  array[N] vector[2] w = multi_normal_rng(mu, S);
  vector[2] one = multi_student_t_rng(5.0, mu[1], S);
}
