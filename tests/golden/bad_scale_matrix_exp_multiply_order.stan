// scale_matrix_exp_multiply(real t, matrix A, matrix B): the scale comes
// first (Stan Functions Reference 2.38, "Matrix exponential").
parameters {
  real t;
  matrix[2, 2] A;
}
model {
  target += sum(scale_matrix_exp_multiply(A, t, A));
}
