// The compressed sparse row functions (Stan Functions Reference, "Sparse
// matrix operations") on its example matrix: csr_extract_w/_v/_u and the
// tuple csr_extract, csr_matrix_times_vector with derivatives to w and b,
// csr_to_dense_matrix with derivatives to w, csr_extract_w of a
// parameter's matrix.
data {
  int M;
  int N;
  matrix[M, N] X;
  vector[M] y;
}
transformed data {
  vector[rows(csr_extract_w(X))] wx = csr_extract_w(X);
  array[size(csr_extract_v(X))] int v = csr_extract_v(X);
  array[M + 1] int u = csr_extract_u(X);
  tuple(vector[rows(wx)], array[size(v)] int, array[M + 1] int) parts = csr_extract(X);
}
parameters {
  vector[N] b;
  vector[rows(wx)] w;
  matrix[M, N] Z;
}
model {
  b ~ normal(0, 1);
  w ~ normal(wx / 50, 0.1);
  to_vector(Z) ~ normal(0, 1);
  y ~ normal(csr_matrix_times_vector(M, N, w, v, u, b), 1);
  y ~ normal(csr_matrix_times_vector(M, N, parts.1, parts.2, parts.3, b), 10);
  target += sum(csr_to_dense_matrix(M, N, w, v, u) .* X) / 100;
  target += -dot_self(csr_extract_w(Z .* X)) / 1000;
}
generated quantities {
  matrix[M, N] D = csr_to_dense_matrix(M, N, wx, v, u);
  vector[M] p = csr_matrix_times_vector(M, N, wx, v, u, b);
  array[size(v)] int vv = parts.2;
  array[M + 1] int uu = parts.3;
}
