// The compressed sparse row functions, as the Stan Functions Reference
// 2.38 ("Sparse matrix operations") gives them: w, v and u of a dense
// matrix (csr_extract returns the three as a tuple), the dense matrix
// back from m, n, w, v, u, and the product with a vector; indices are
// 1-based.
data {
  int M;
  int N;
  matrix[M, N] X;
}
transformed data {
  vector[rows(csr_extract_w(X))] w = csr_extract_w(X);
  array[size(w)] int v = csr_extract_v(X);
  array[M + 1] int u = csr_extract_u(X);
  tuple(vector[size(w)], array[size(w)] int, array[M + 1] int) wvu = csr_extract(X);
}
parameters {
  vector[N] b;
  vector[size(w)] wp;
}
model {
  target += sum(csr_matrix_times_vector(M, N, wp, v, u, b));
  target += sum(csr_to_dense_matrix(M, N, wp, wvu.2, wvu.3));
}
