// singular_values of a complex matrix is real (Stan Functions Reference,
// "Linear algebra functions", "vector singular_values(complex_matrix A)"),
// and its argument depends on the parameter through to_complex, whose
// derivative the backend has; the complex SVD has no reverse rule in the
// C backend yet: it refuses the call by name.
parameters {
  matrix[2, 2] M;
}
model {
  target += singular_values(to_complex(M, M))[1];
}
