// Derivatives of the complex products and of division by a complex
// matrix (backend/emit_complex_adj.c; the values are emit_complex_
// linalg.c's, with Stan Math's definitions): dot_self, columns_dot_self,
// rows_dot_self (sums of |x|^2), columns_dot_product, rows_dot_product
// (no conjugate), crossprod (X^T X) and tcrossprod (X X^T), and B / A =
// B A^-1 (adj(B) = adj(X) A^-H, adj(A) = -X^H adj(B)), and the
// singular values of a complex matrix (adj(A) = sum_i adj(s_i) u_i
// v_i^H), tall and wide, each on complex values built from the
// parameters.  Before, the backend refused them.
// gradcheck: tolerance 1e-7
parameters {
  matrix<lower=-1, upper=1>[3, 2] P;
  matrix<lower=-1, upper=1>[3, 2] Q;
  matrix<lower=-1, upper=1>[2, 2] R;
}
model {
  complex_matrix[3, 2] X = to_complex(P, Q);
  complex_matrix[3, 2] Y = to_complex(Q, P .* P);
  complex_matrix[2, 2] A = add_diag(to_complex(R, R'), 3);
  complex_vector[3] v = col(X, 1);
  complex s = dot_self(v) + dot_self(row(Y, 2));
  s += sum(columns_dot_self(X)) + sum(rows_dot_self(Y))
       + sum(columns_dot_product(X, Y)) + sum(rows_dot_product(Y, X));
  complex_matrix[2, 2] C = crossprod(X);
  complex_matrix[3, 3] T = tcrossprod(Y);
  complex_matrix[3, 2] D = X / A;
  complex_row_vector[2] d = row(Y, 1) / A;
  s += sum(C) + sum(T) + sum(D .* D) + sum(d);
  target += 0.05 * get_real(s) - 0.03 * get_imag(s)
            - 0.1 * sum(abs(D)) - 0.2 * norm(d[2]);
  target += normal_lpdf(to_vector(R) | 0, 1);
  vector[2] sv = singular_values(X);
  vector[2] sw = singular_values(Y');
  target += sv[1] - 0.5 * sv[2] + 0.3 * sw[1] - 0.2 * sw[2];
}
