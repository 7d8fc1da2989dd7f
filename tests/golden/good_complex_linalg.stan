// The linear algebra of complex matrices (Stan Functions Reference,
// "Complex matrix operations": complex matrix division, dot products and
// specialized products; "Linear algebra functions": eigendecompositions,
// complex Schur decomposition, singular value decomposition).
data {
  matrix[3, 3] X;
  complex_matrix[3, 3] Z;
  complex_matrix[3, 2] R;
  complex_row_vector[3] b;
}
transformed data {
  complex_row_vector[3] q = b / Z;
  complex_matrix[3, 3] W = Z / Z;
  complex d = dot_self(b);
  complex_row_vector[2] cs = columns_dot_self(R);
  complex_vector[3] rs = rows_dot_self(R);
  complex_row_vector[2] cp = columns_dot_product(R, R);
  complex_vector[3] rp = rows_dot_product(R, R);
  complex_matrix[2, 2] C = crossprod(R);
  complex_matrix[3, 3] TC = tcrossprod(R);
  complex_vector[3] ev = eigenvalues(X);
  complex_matrix[3, 3] EV = eigenvectors(Z);
  tuple(complex_matrix[3, 3], complex_vector[3]) ed = eigendecompose(X);
  complex_matrix[3, 3] T = complex_schur_decompose_t(X);
  complex_matrix[3, 3] U = complex_schur_decompose_u(Z);
  tuple(complex_matrix[3, 3], complex_matrix[3, 3]) cs2
    = complex_schur_decompose(Z);
  vector[2] s = singular_values(R);
  complex_matrix[3, 2] SU = svd_U(R);
  complex_matrix[2, 2] SV = svd_V(R);
  tuple(complex_matrix[3, 2], vector[2], complex_matrix[2, 2]) usv = svd(R);
}
parameters {
  real mu;
}
model {
  // a real result of complex data: no derivative flows through it
  mu ~ normal(s[1], 1);
}
generated quantities {
  tuple(complex_matrix[3, 3], complex_matrix[3, 3]) schur
    = complex_schur_decompose(Z * mu);
  complex_vector[3] lambda = eigenvalues(X * mu);
}
