// Derivatives of eigenvalues_sym, eigenvectors_sym and eigendecompose_sym
// of a complex Hermitian matrix (backend/emit_complex_eigen_adj.c, the
// rule of runtime/linalg_eigen_adj.c: the Hermitian part of the
// gradient).  H = diag(1, 3, 6) + 0.3 (X + X^H), X = P + iQ, is exactly
// Hermitian (X + X^H is, entry by entry), with well separated
// eigenvalues and eigenvectors whose largest entry is clear, so the log
// density may read the eigenvectors' raw entries (the phase convention,
// rt_complex.h) besides the phase-free |v_ij|^2 and v_ik conj(v_jk); the
// eigenvalues' imaginary parts are 0, and so is their derivative.  A
// 2 x 2 matrix with a purely imaginary off-diagonal pair and nearly equal
// diagonal entries adds eigenvectors whose two entries have nearly equal
// moduli (which of them is made real and positive switches at t = 0),
// read only through phase-free terms.
// gradcheck: tolerance 1e-7
parameters {
  matrix<lower=-1, upper=1>[3, 3] P;
  matrix<lower=-1, upper=1>[3, 3] Q;
  real<lower=-1, upper=1> t;
}
model {
  complex_matrix[3, 3] X = to_complex(P, Q);
  complex_matrix[3, 3] H = diag_matrix(to_vector({1, 3, 6}))
                           + 0.3 * (X + conj(X'));
  complex_vector[3] l = eigenvalues_sym(H);
  complex_matrix[3, 3] V = eigenvectors_sym(H);
  tuple(complex_matrix[3, 3], complex_vector[3]) d = eigendecompose_sym(H);
  target += 0.3 * get_real(l[1]) - 0.2 * get_real(l[3])
            + 0.1 * get_real(prod(l)) + 5 * get_imag(l[2]);
  for (j in 1:3)
    for (i in 1:3)
      target += (0.1 * i - 0.13 * j) * norm(V[i, j]);
  target += get_real(V[1, 2] * conj(V[3, 2]))
            + 0.5 * get_imag(V[2, 3] * conj(V[1, 3]));
  target += 0.4 * get_real(V[2, 1]) - 0.3 * get_imag(V[3, 2])
            + 0.2 * get_imag(V[1, 3]);
  target += 0.2 * get_real(sum(d.2)) + 0.3 * norm(d.1[1, 3])
            - 0.25 * get_real(d.1[3, 1]);
  // equal moduli in every eigenvector: phase-free terms only
  complex_matrix[2, 2] G = [[t, to_complex(0, -2 - t)],
                            [to_complex(0, 2 + t), 0.1 * t]];
  complex_matrix[2, 2] W = eigenvectors_sym(G);
  target += get_real(sum(eigenvalues_sym(G) .* eigenvalues_sym(G)))
            + norm(W[1, 1]) + 0.5 * norm(W[2, 1])
            + get_imag(W[1, 2] * conj(W[2, 2]));
}
