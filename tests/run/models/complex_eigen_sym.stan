// eigenvalues_sym, eigenvectors_sym and eigendecompose_sym of a complex
// Hermitian matrix (Stan Functions Reference, "Complex matrix
// operations", complex linear algebra; stanc3 types the values
// complex_vector) in the C backend (backend/emit_complex_linalg.c,
// runtime/linalg_eigen_herm.c).  Transformed data and generated
// quantities check, and reject when one fails:
//   values by hand: [[2, 1 - i], [1 + i, 3]] has trace 5 and determinant
//   6 - |1 - i|^2 = 4, so eigenvalues 1, 4, with the vectors
//   (-(1 - i), 1) / sqrt(3) and (1, 1 + i) / sqrt(3), scaled so that the
//   first entry of largest modulus is real and positive (rt_complex.h);
//   Pauli's sigma_y = [[0, -i], [i, 0]]: eigenvalues -1, 1;
//   the identities A V = V diag(lambda), V^H V = I, ascending real
//   eigenvalues, eigendecompose_sym = (eigenvectors_sym, eigenvalues_sym);
//   a real symmetric matrix promoted: the real eigenvectors_sym's answer.
// The generated quantities redo them on a matrix built from the
// parameter (values only: nothing complex reaches the log density).
functions {
  void near(complex got, complex want, real tol, int id) {
    if (!(abs(got - want) <= tol))
      reject("complex_eigen_sym: check ", id, " gives ", got, ", expected ",
             want);
  }
  void near_m(complex_matrix got, complex_matrix want, real tol, int id) {
    for (i in 1:rows(got))
      for (j in 1:cols(got))
        near(got[i, j], want[i, j], tol, 1000 * id + 10 * i + j);
  }
  void check_all(complex_matrix A, int id) {
    int n = rows(A);
    complex_vector[n] lambda = eigenvalues_sym(A);
    complex_matrix[n, n] V = eigenvectors_sym(A);
    near_m(A * V, V * diag_matrix(lambda), 1e-10, id + 1);
    near_m(conj(V') * V, diag_matrix(rep_vector(1, n)), 1e-12, id + 2);
    for (k in 1:n) {
      near(get_imag(lambda[k]), 0, 0, id + 3);
      if (k > 1 && get_real(lambda[k]) < get_real(lambda[k - 1]))
        reject("complex_eigen_sym: check ", id + 4, ": ", lambda,
               " not ascending");
    }
    tuple(complex_matrix[n, n], complex_vector[n]) d = eigendecompose_sym(A);
    near_m(d.1, V, 0, id + 5);
    near_m(to_matrix(d.2), to_matrix(lambda), 0, id + 6);
  }
}
data {
  complex_matrix[3, 3] Z;
}
transformed data {
  complex_matrix[2, 2] H = [[2, 1 - 1i], [1 + 1i, 3]];
  near_m(to_matrix(eigenvalues_sym(H)), to_matrix([1, 4]'), 1e-14, 1);
  near_m(eigenvectors_sym(H),
         [[sqrt(2.0 / 3), (1 - 1i) / sqrt(6)],
          [-(1 + 1i) / sqrt(6), sqrt(2.0 / 3)]], 1e-14, 2);
  near_m(to_matrix(eigenvalues_sym([[0, -1i], [1i, 0]])),
         to_matrix([-1, 1]'), 1e-14, 3);
  check_all(H, 10);
  // Z + Z^H is Hermitian
  complex_matrix[3, 3] A = Z + conj(Z');
  check_all(A, 20);
  // a real symmetric matrix promoted: the real decomposition
  matrix[3, 3] S = [[4, 1, -2], [1, 2, 0.5], [-2, 0.5, -3]];
  near_m(eigenvectors_sym(to_complex(S, rep_matrix(0, 3, 3))),
         eigenvectors_sym(S), 1e-12, 30);
  near_m(to_matrix(eigenvalues_sym(to_complex(S, rep_matrix(0, 3, 3)))),
         to_matrix(eigenvalues_sym(S)), 1e-12, 31);
}
parameters {
  real mu;
}
model {
  mu ~ normal(0, 1);
}
generated quantities {
  // a Hermitian matrix built from the parameter: values only
  complex_matrix[3, 3] B = A + to_complex(0, mu) * (Z - conj(Z'));
  complex_vector[3] lambda = eigenvalues_sym(B);
  tuple(complex_matrix[3, 3], complex_vector[3]) ed = eigendecompose_sym(B);
  check_all(B, 40);
}
