// Derivatives of the singular value decomposition of a complex matrix
// (svd_U, svd_V, svd; runtime/linalg_complex_decomp_adj.c,
// rt_complex_svd_adj), tall (3 x 2) and wide (2 x 3), on complex
// matrices built from the parameters around fixed ones whose singular
// values are apart (3, 1.5: the vectors' derivative needs them
// distinct).  The uses are the phase-invariant ones, which any phase
// convention gives the same derivative: |U_ij|^2, |V_ij|^2, the entries
// of U diag(s) V^H, the products u_k v_k^H; then two that read a phase
// (Re U[2, 1], Im V[3, 2]), whose derivative is that of the runtime's
// convention (the first entry of largest modulus of each column of U
// real and positive).  Before, the backend refused them.
// gradcheck: also --Oexperimental
parameters {
  matrix<lower=-1, upper=1>[3, 2] P;
  matrix<lower=-1, upper=1>[3, 2] Q;
}
model {
  matrix[3, 2] D = [[3, 0], [0, 1.5], [0.5, 0.2]];
  complex_matrix[3, 2] A = to_complex(D + 0.3 * P, 0.3 * Q);
  complex_matrix[2, 3] B = to_complex(D' - 0.2 * Q', 0.25 * P');
  complex_matrix[3, 2] U = svd_U(A);
  complex_matrix[2, 2] V = svd_V(A);
  vector[2] s = singular_values(A);
  real t = 0;
  for (i in 1:3)
    for (j in 1:2)
      t += (0.3 + 0.1 * i - 0.2 * j) * norm(U[i, j]);
  for (i in 1:2)
    for (j in 1:2)
      t += (0.2 * i - 0.1 * j) * abs(V[i, j]) ^ 2;
  // U diag(s) V^H (= A, but through the three outputs)
  complex_matrix[3, 2] R = diag_post_multiply(U, s) * conj(V)';
  t += 0.4 * get_real(R[2, 1]) - 0.3 * get_imag(R[3, 2])
       + 0.2 * get_real(R[1, 2]);
  // u_k v_k^H of the wide matrix, whose V is 3 x 2
  tuple(complex_matrix[2, 2], vector[2], complex_matrix[3, 2]) d = svd(B);
  complex_matrix[2, 3] O1 = col(d.1, 1) * conj(col(d.3, 1))';
  complex_matrix[2, 3] O2 = col(d.1, 2) * conj(col(d.3, 2))';
  t += 0.5 * get_real(O1[1, 3]) - 0.7 * get_imag(O2[2, 1])
       + 0.3 * get_real(O2[1, 2]) + 0.1 * d.2[2];
  t += 0.6 * abs(d.3[3, 1]) - 0.4 * norm(d.1[2, 2]);
  // phase-dependent reads: the convention's derivative
  t += 2.5 * get_real(U[2, 1]) - 1.5 * get_imag(d.3[3, 2]);
  target += 10 * t;
  target += normal_lpdf(to_vector(P) | 0, 1) + normal_lpdf(to_vector(Q) | 0, 1);
}
