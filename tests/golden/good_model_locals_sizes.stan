data {
  int N;
}
parameters {
  real mu;
}
model {
  vector[N] z = rep_vector(mu, N);
  matrix[N, N] S = diag_matrix(rep_vector(1, N));
  z ~ multi_normal(rep_vector(0, N), S);
}
