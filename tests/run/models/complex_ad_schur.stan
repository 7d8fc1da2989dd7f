// Derivatives of the complex Schur decomposition A = U T U^H
// (complex_schur_decompose, _t, _u; runtime/linalg_complex_decomp_adj.c,
// rt_complex_schur_adj) of a complex 3 x 3 matrix and of a real 3 x 3
// one with a complex-conjugate pair of eigenvalues (near +-2i) and a
// real one (near 1), built from the parameters around fixed matrices
// whose eigenvalues are apart (the derivative needs them distinct).
// Phase-invariant uses (|U_ij|^2, |T_ij|^2, the diagonal of T, the
// entries of U T U^H) and phase-dependent ones (Re T[1, 2], Im U[2, 1]),
// whose derivative is that of the runtime's convention: the first entry
// of largest modulus of each column of U real and positive, and the
// order of T's diagonal the iteration finds (for a real matrix the
// conjugate pair's order is fixed by the shift's tie-break).  Before,
// the backend refused them.
// gradcheck: also --Oexperimental
parameters {
  matrix<lower=-1, upper=1>[3, 3] P;
  matrix<lower=-1, upper=1>[3, 3] Q;
}
model {
  complex_matrix[3, 3] A = to_complex([[1, 0.5, 0], [0, 2.5, 0.3], [0.2, 0, 4]]
                                      + 0.3 * P, 0.3 * Q);
  matrix[3, 3] M = [[0, -2, 0.4], [2, 0, 0.1], [0, 0.3, 1]] + 0.3 * Q';
  complex_matrix[3, 3] U = complex_schur_decompose_u(A);
  complex_matrix[3, 3] T = complex_schur_decompose_t(A);
  tuple(complex_matrix[3, 3], complex_matrix[3, 3]) d
      = complex_schur_decompose(M);
  real t = 0;
  for (i in 1:3)
    for (j in 1:3) {
      t += (0.3 + 0.1 * i - 0.2 * j) * norm(U[i, j])
           + (0.2 * i - 0.1 * j) * norm(d.1[i, j]);
      if (i <= j)
        t += (0.1 * i + 0.05 * j) * abs(T[i, j]) ^ 2
             - (0.05 * i - 0.1 * j) * abs(d.2[i, j]);
    }
  for (i in 1:3)
    t += 0.3 * i * get_real(T[i, i]) - 0.2 * get_imag(T[i, i])
         + 0.4 * get_imag(d.2[i, i]) * i;
  complex_matrix[3, 3] R = d.1 * d.2 * conj(d.1)';
  t += 0.5 * get_real(R[2, 3]) - 0.4 * get_imag(R[1, 2]);
  // phase-dependent reads: the convention's derivative
  t += 2.5 * get_real(T[1, 2]) - 1.5 * get_imag(U[2, 1])
       + 0.8 * get_real(d.2[2, 3]) + 0.6 * get_imag(d.1[3, 1]);
  target += 10 * t;
  target += normal_lpdf(to_vector(P) | 0, 1) + normal_lpdf(to_vector(Q) | 0, 1);
}
