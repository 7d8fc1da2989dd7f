// The linear algebra of complex matrices in the C backend
// (backend/emit_complex_linalg.c, runtime/linalg_complex_decomp.c and
// linalg_complex_lu.c), as the Stan Functions Reference defines it
// ("Complex matrix operations"; "Linear algebra functions": eigen-
// decompositions of non-symmetric matrices, complex Schur decomposition,
// singular value decomposition).  Transformed data and generated
// quantities check the defining identities and reject when one fails:
//   A V = V diag(lambda)        eigenvalues / eigenvectors / eigendecompose
//   A = U T U^H, T triangular   complex_schur_decompose(_t, _u)
//   A = U diag(s) V^H           svd / svd_U / svd_V / singular_values
//   (B / A) * A = B             division by a complex matrix
// and values known by hand (a rotation by theta has eigenvalues
// exp(+-i theta); the products are written out).  The generated
// quantities redo them on matrices built from the parameter (values
// only: nothing complex reaches the log density) and write tuple and
// complex outputs.  eigendecompose_sym's tuple is (vectors, values).
functions {
  void near(complex got, complex want, real tol, int id) {
    if (!(abs(got - want) <= tol))
      reject("complex_linalg: check ", id, " gives ", got, ", expected ",
             want);
  }
  void near_m(complex_matrix got, complex_matrix want, real tol, int id) {
    if (rows(got) != rows(want) || cols(got) != cols(want))
      reject("complex_linalg: check ", id, ": ", rows(got), "x", cols(got),
             ", expected ", rows(want), "x", cols(want));
    for (i in 1:rows(got))
      for (j in 1:cols(got))
        near(got[i, j], want[i, j], tol, 1000 * id + 10 * i + j);
  }
  // the conjugate transpose
  complex_matrix ctr(complex_matrix M) {
    return conj(M');
  }
  complex_matrix eye(int n) {
    complex_matrix[n, n] I = rep_matrix(0, n, n);
    for (k in 1:n)
      I[k, k] = 1;
    return I;
  }
  // every identity of the decompositions of the square A (complex) and
  // of the rectangular R
  void check_all(complex_matrix A, complex_matrix R, int id) {
    int n = rows(A);
    complex_vector[n] lambda = eigenvalues(A);
    complex_matrix[n, n] V = eigenvectors(A);
    near_m(A * V, V * diag_matrix(lambda), 1e-9, id + 1);
    tuple(complex_matrix[n, n], complex_vector[n]) ed = eigendecompose(A);
    near_m(ed.1, V, 1e-12, id + 2);
    near_m(to_matrix(ed.2), to_matrix(lambda), 1e-12, id + 3);
    complex_matrix[n, n] T = complex_schur_decompose_t(A);
    complex_matrix[n, n] U = complex_schur_decompose_u(A);
    near_m(U * T * ctr(U), A, 1e-9, id + 4);
    near_m(ctr(U) * U, eye(n), 1e-12, id + 5);
    for (i in 2:n)
      for (j in 1:(i - 1))
        near(T[i, j], 0, 0, id + 6);
    tuple(complex_matrix[n, n], complex_matrix[n, n]) s
      = complex_schur_decompose(A);
    near_m(s.1, U, 1e-12, id + 7);
    near_m(s.2, T, 1e-12, id + 8);
    int k = min(rows(R), cols(R));
    complex_matrix[rows(R), k] SU = svd_U(R);
    complex_matrix[cols(R), k] SV = svd_V(R);
    vector[k] sv = singular_values(R);
    near_m(SU * diag_matrix(sv) * ctr(SV), R, 1e-9, id + 9);
    near_m(ctr(SU) * SU, eye(k), 1e-12, id + 10);
    near_m(ctr(SV) * SV, eye(k), 1e-12, id + 11);
    for (j in 2:k)
      if (sv[j] > sv[j - 1])
        reject("complex_linalg: check ", id + 12, ": singular values ", sv,
               " not decreasing");
    tuple(complex_matrix[rows(R), k], vector[k], complex_matrix[cols(R), k])
      d = svd(R);
    near_m(d.1, SU, 1e-12, id + 13);
    near_m(to_matrix(d.2), to_matrix(sv), 1e-12, id + 14);
    near_m(d.3, SV, 1e-12, id + 15);
  }
}
data {
  complex_matrix[3, 3] Z;
  complex_matrix[3, 2] R;
}
transformed data {
  real theta = 0.7;
  matrix[2, 2] rot = [[cos(theta), -sin(theta)], [sin(theta), cos(theta)]];
  // a rotation: eigenvalues exp(-i theta), exp(i theta) (equal modulus:
  // compare as a set)
  complex_vector[2] ev = eigenvalues(rot);
  if (!((abs(ev[1] - exp(1i * theta)) < 1e-12
         && abs(ev[2] - exp(-1i * theta)) < 1e-12)
        || (abs(ev[1] - exp(-1i * theta)) < 1e-12
            && abs(ev[2] - exp(1i * theta)) < 1e-12)))
    reject("complex_linalg: check 1: eigenvalues of a rotation ", ev);
  complex_matrix[2, 2] rv = eigenvectors(rot);
  near_m(to_matrix(rot) * rv, rv * diag_matrix(ev), 1e-12, 2);
  tuple(complex_matrix[2, 2], complex_vector[2]) red = eigendecompose(rot);
  near_m(red.1, rv, 1e-12, 3);
  // the real Schur path: a real matrix promoted
  complex_matrix[2, 2] rt = complex_schur_decompose_t(rot);
  near(rt[2, 1], 0, 0, 4);
  near(rt[1, 1] * rt[2, 2], 1, 1e-12, 5);     // the determinant
  tuple(complex_matrix[2, 2], complex_matrix[2, 2]) rs
    = complex_schur_decompose(rot);
  near_m(rs.1 * rs.2 * ctr(rs.1), to_matrix(rot), 1e-12, 6);
  // eigendecompose_sym: (eigenvectors, eigenvalues)
  tuple(matrix[2, 2], vector[2]) es = eigendecompose_sym([[2, 1], [1, 2]]);
  if (abs(es.2[1] - 1) > 1e-12 || abs(es.2[2] - 3) > 1e-12
      || abs(abs(es.1[1, 1]) - sqrt(0.5)) > 1e-12)
    reject("complex_linalg: check 7: eigendecompose_sym ", es.1, " ", es.2);
  // the products, by hand: x = [1 + 2i, 3i], y = [2, 1 - i]
  complex_vector[2] x = [1 + 2i, 3i]';
  complex_vector[2] y = [2, 1 - 1i]';
  near(dot_self(x), 14, 1e-15, 10);                       // 5 + 9
  near(dot_self(x'), 14, 1e-15, 11);
  near(columns_dot_self(x)[1], 14, 1e-15, 12);
  near_m(to_matrix(rows_dot_self(x)), to_matrix([5, 9]'), 1e-15, 13);
  near_m(to_matrix(columns_dot_self(x')), to_matrix([5, 9]), 1e-15, 14);
  near(rows_dot_self(x')[1], 14, 1e-15, 15);
  // no conjugate: (1 + 2i) 2 + 3i (1 - i) = 5 + 7i
  near(columns_dot_product(x, y)[1], 5 + 7i, 1e-15, 16);
  near_m(to_matrix(rows_dot_product(x, y)), to_matrix([2 + 4i, 3 + 3i]'),
         1e-15, 17);
  near_m(to_matrix(columns_dot_product(x', y')), to_matrix([2 + 4i, 3 + 3i]),
         1e-15, 18);
  near(rows_dot_product(x', y')[1], 5 + 7i, 1e-15, 19);
  complex_matrix[2, 2] M = [[1 + 2i, 3i], [2, 1 - 1i]];
  near_m(to_matrix(columns_dot_product(M, M)), to_matrix([1 + 4i, -9 - 2i]),
         1e-15, 20);
  near_m(to_matrix(rows_dot_product(M, M)), to_matrix([-12 + 4i, 4 - 2i]'),
         1e-15, 21);
  near_m(to_matrix(columns_dot_self(M)), to_matrix([9, 11]), 1e-15, 22);
  near_m(to_matrix(rows_dot_self(M)), to_matrix([14, 6]'), 1e-15, 23);
  // x x^T and x^T x with the plain transpose
  near_m(tcrossprod(M), M * M', 1e-15, 24);
  near_m(crossprod(M), M' * M, 1e-15, 25);
  near_m(tcrossprod(M), [[-12 + 4i, 5 + 7i], [5 + 7i, 4 - 2i]], 1e-15, 26);
  // division: B / A * A = B, and one by hand ([1, 2i] / diag(i, 2))
  complex_row_vector[3] b = [1, 2i, 3 - 1i];
  near_m(to_matrix((b / Z) * Z), to_matrix(b), 1e-12, 30);
  near_m((Z / Z), eye(3), 1e-12, 31);
  near_m(to_matrix([1, 2i] / [[1i, 0], [0, 2]]), to_matrix([-1i, 1i]),
         1e-15, 32);
  // the decompositions of the data
  check_all(Z, R, 100);
  check_all(to_matrix(Z'), to_matrix(R'), 200);
  // a known SVD: diag(3i, -2) has singular values 3, 2
  near_m(to_matrix(singular_values([[3i, 0], [0, -2]])), to_matrix([3, 2]'),
         1e-15, 40);
  real smax = singular_values(Z)[1];
}
parameters {
  real mu;
}
model {
  // a real function of complex data: a singular value, no derivatives
  // through it
  mu ~ normal(smax, 1);
}
generated quantities {
  // matrices built from the parameter: values only
  complex_matrix[3, 3] A = Z + to_complex(mu, 0) * eye(3);
  complex_vector[3] lambda = eigenvalues(A);
  tuple(complex_matrix[3, 3], complex_matrix[3, 3]) schur
    = complex_schur_decompose(A);
  tuple(complex_matrix[3, 2], vector[2], complex_matrix[2, 2]) usv
    = svd(R * mu);
  complex_row_vector[3] q = [mu, 1, 1i] / A;
  check_all(A, R * mu, 300);
  near_m(to_matrix(q * A), to_matrix([mu, 1, 1i]), 1e-9, 301);
}
