// Derivatives of eigenvalues, eigenvectors and eigendecompose of a real
// non-symmetric matrix (complex results) and of a complex matrix
// (backend/emit_complex_eigen_adj.c, the rules of
// runtime/linalg_eigen_adj.c).  The matrices are built from the
// parameters around a fixed matrix whose eigenvalues have well separated
// moduli, so that the sort by modulus does not reorder them between the
// finite differences:
//   A (real, 4 x 4): block-diagonal 0.5, [[2, -4], [1, 2]] (the
//     conjugate pair 2 +- 2i, vectors (+-2i, 1) up to scale: the first
//     entry is clearly the largest) and 7, plus 0.2 P;
//   B (complex, 3 x 3): diag(1, 2 + 2i, -4i) plus 0.2 (P + iQ) blocks.
// The log density reads the results through quantities that do not
// depend on an eigenvector's phase (|v_ij|^2, v_ik conj(v_jk), sums and
// products of eigenvalues, |lambda|, the imaginary parts' moduli) and,
// for A and B, whose largest entries are clear, also through the raw
// entries of the eigenvectors, which checks the phase convention
// (rt_complex.h) the rule assumes against the values.
// A user function's reverse function runs the same rules (f, g).
// gradcheck: tolerance 1e-7
functions {
  real f(matrix A) {
    complex_vector[3] l = eigenvalues(A);
    tuple(complex_matrix[3, 3], complex_vector[3]) d = eigendecompose(A);
    return get_real(sum(l)) + norm(d.1[1, 2]) + abs(prod(d.2));
  }
  complex_vector g(complex_matrix B) {
    return eigenvalues(B);
  }
}
parameters {
  matrix<lower=-1, upper=1>[4, 4] P;
  matrix<lower=-1, upper=1>[3, 3] Q;
  matrix<lower=-1, upper=1>[3, 3] R;
}
model {
  matrix[4, 4] A0 = [[0.5, 0, 0, 0], [0, 2, -4, 0], [0, 1, 2, 0],
                     [0, 0, 0, 7]];
  matrix[4, 4] A = A0 + 0.2 * P;
  complex_matrix[3, 3] B = diag_matrix(to_vector({1, 2 + 2i, -4i}))
                           + 0.2 * to_complex(Q, R);
  // real argument
  complex_vector[4] la = eigenvalues(A);
  complex_matrix[4, 4] Va = eigenvectors(A);
  tuple(complex_matrix[4, 4], complex_vector[4]) da = eigendecompose(A);
  target += 0.3 * get_real(sum(la)) + 0.1 * abs(prod(la))
            + 0.2 * abs(get_imag(la[2])) + 0.05 * abs(la[1] * la[4]);
  for (j in 1:4)
    for (i in 1:4)
      target += (0.1 * i - 0.07 * j) * norm(Va[i, j]);
  target += get_real(Va[1, 2] * conj(Va[3, 2]))
            - 0.5 * get_imag(Va[2, 3] * conj(Va[1, 3]));
  // the raw entries: the phase convention
  target += 0.4 * get_real(Va[3, 2]) - 0.3 * get_imag(Va[3, 3])
            + 0.2 * get_real(Va[2, 1]) + 0.25 * get_real(Va[4, 4]);
  // eigendecompose: both parts
  target += 0.2 * sum(get_real(da.2)) - 0.1 * sum(abs(get_imag(da.2)))
            + 0.3 * norm(da.1[2, 2]) + 0.2 * get_imag(da.1[2, 3]);
  // complex argument
  complex_vector[3] lb = eigenvalues(B);
  complex_matrix[3, 3] Vb = eigenvectors(B);
  tuple(complex_matrix[3, 3], complex_vector[3]) db = eigendecompose(B);
  target += 0.3 * get_real(sum(lb)) - 0.2 * get_imag(lb[2])
            + 0.1 * get_imag(lb[3]) + 0.05 * abs(prod(lb));
  for (j in 1:3)
    for (i in 1:3)
      target += (0.05 * i + 0.11 * j) * norm(Vb[i, j]);
  target += get_real(Vb[1, 3] * conj(Vb[2, 3]))
            + 0.3 * get_imag(Vb[2, 1] * conj(Vb[3, 1]));
  target += 0.4 * get_real(Vb[2, 2]) + 0.3 * get_imag(Vb[1, 3])
            - 0.2 * get_imag(Vb[3, 1]);
  target += 0.2 * get_imag(sum(db.2)) + 0.3 * norm(db.1[3, 2])
            - 0.2 * get_real(db.1[1, 2]);
  // through user functions
  target += f(A[1:3, 1:3]) + 0.1 * get_imag(sum(g(B)));
}
