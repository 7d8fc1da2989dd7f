// generalized_inverse(matrix A) has one argument (Stan Functions
// Reference 2.38, "Generalized inverse"): no tolerance argument.
parameters {
  matrix[2, 3] A;
}
model {
  target += sum(generalized_inverse(A, 1e-8));
}
