// matrix_exp takes a matrix (Stan Functions Reference 2.38, "Matrix
// exponential"): a vector is ill-typed.
parameters {
  vector[3] x;
}
model {
  target += sum(matrix_exp(x));
}
