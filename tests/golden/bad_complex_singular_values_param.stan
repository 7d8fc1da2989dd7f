// singular_values of a complex matrix is real (Stan Functions Reference,
// "Linear algebra functions", "vector singular_values(complex_matrix A)"),
// but its argument depends on the parameter through to_complex, and
// complex values carry no derivatives in pplbench: the C backend refuses.
parameters {
  matrix[2, 2] M;
}
model {
  target += singular_values(to_complex(M, M))[1];
}
