// matrix_exp, matrix_exp_multiply, scale_matrix_exp_multiply and
// generalized_inverse, as the Stan Functions Reference 2.38 ("Linear
// algebra functions and solvers": "Matrix exponential", "Generalized
// inverse") gives them: exp(A), exp(A) * B, exp(t * A) * B for square A,
// and the Moore-Penrose inverse of any matrix.
data {
  int N;
  matrix[N, N] A;
  matrix[N, 2] B;
  matrix[N, 3] G;
}
parameters {
  real t;
  matrix[N, N] P;
}
model {
  matrix[N, N] E = matrix_exp(P);
  target += sum(E) + sum(matrix_exp_multiply(P, B));
  target += sum(scale_matrix_exp_multiply(t, P, B));
  target += sum(scale_matrix_exp_multiply(2, A, B));
  target += sum(generalized_inverse(G)) + sum(generalized_inverse(P));
}
generated quantities {
  matrix[3, N] Gp = generalized_inverse(G);
  matrix[N, N] EA = matrix_exp(A);
}
