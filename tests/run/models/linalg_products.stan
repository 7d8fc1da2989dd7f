// The products of rt_linalg.h: crossprod, tcrossprod, columns_ and
// rows_dot_product, diag_post_multiply, quad_form, quad_form_sym and
// trace, each with parameters in every argument and with data in each.
data {
  matrix[3, 3] D;       // symmetric
  matrix[3, 2] DX;
  vector[3] dv;
  vector[2] dw;
}
parameters {
  matrix[3, 2] X;
  vector[3] v;
  row_vector[2] r;
  vector[2] w;
  cov_matrix[3] Sigma;
}
transformed parameters {
  matrix[2, 2] C = crossprod(X);
  real q = quad_form_sym(Sigma, v);
}
model {
  target += 0.1 * sum(C);
  target += 0.1 * sum(tcrossprod(X));
  target += 0.1 * sum(crossprod(DX)) + 0.1 * sum(tcrossprod(DX));
  target += sum(columns_dot_product(X, DX));
  target += sum(columns_dot_product(DX, X));
  target += sum(columns_dot_product(X, X));
  target += sum(columns_dot_product(v, dv));
  target += sum(columns_dot_product(r, r));
  target += sum(rows_dot_product(X, X));
  target += sum(rows_dot_product(DX, X));
  target += sum(rows_dot_product(v, v));
  target += sum(rows_dot_product(r, r));
  target += sum(diag_post_multiply(X, w));
  target += sum(diag_post_multiply(X, r));
  target += sum(diag_post_multiply(DX, w));
  target += sum(diag_post_multiply(X, dw));
  target += 0.01 * quad_form(Sigma, v);
  target += 0.01 * sum(quad_form(Sigma, X));
  target += 0.01 * quad_form(D, v);
  target += 0.01 * sum(quad_form(Sigma, DX));
  target += 0.01 * sum(quad_form(D, X));
  target += 0.01 * q;
  target += 0.01 * sum(quad_form_sym(Sigma, X));
  target += 0.01 * sum(quad_form_sym(D, X));
  target += 0.01 * quad_form_sym(Sigma, dv);
  target += trace(Sigma) + trace(X) + trace(quad_form(Sigma, X));
  target += -0.5 * dot_self(to_vector(X)) - 0.5 * dot_self(v);
}
generated quantities {
  real t = trace(quad_form(D, DX));
  row_vector[2] cd = columns_dot_product(DX, DX);
}
