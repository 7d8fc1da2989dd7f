// svd_U of a complex matrix (Stan Functions Reference, "Linear algebra
// functions", "complex_matrix svd_U(complex_matrix A)") whose argument
// depends on the parameter through to_complex: the singular values of a
// complex matrix have derivatives in the C backend, its singular vectors
// do not yet, so it refuses the call by name.
parameters {
  matrix[2, 2] M;
}
model {
  target += get_real(svd_U(to_complex(M, M))[1, 1]);
}
