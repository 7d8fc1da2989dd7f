// Derivatives of complex containers (backend/emit_complex_adj.c):
// elementwise operators with scalars broadcast, matrix products (C = A B:
// adj(A) += adj(C) B^H, adj(B) += A^H adj(C), a real operand taking the
// real part), sum, prod, dot_product (conjugating its first argument),
// cumulative_sum, trace, the copies (rep_, to_, append_row), add_diag,
// diag_pre_multiply, diag_post_multiply, symmetrize_from_lower_tri,
// get_real / get_imag / abs / conj of containers, the gathers of
// emit_shape.c (block, head, transpose, append_col, ...), indexing and
// assignment through indices and slices.  All on complex values built
// from the parameters; before, the backend refused them ("complex values
// that depend on parameters ... carry no derivatives").
// User functions return complex containers, from real values too (the
// emitted C allocated the returned copy as reals and did not compile).
// gradcheck: tolerance 1e-7
// gradcheck: also --Oexperimental
functions {
  complex_vector twice(vector x) {
    return x * 2;
  }
  complex_matrix as_complex(matrix m) {
    return m;
  }
  complex_vector scaled(complex_vector v, complex s) {
    return v * s;
  }
}
parameters {
  vector<lower=0.2, upper=0.9>[3] a;
  vector<lower=0.2, upper=0.9>[3] b;
  matrix<lower=-1, upper=1>[3, 3] R;
}
model {
  complex_vector[3] u = to_complex(a, b);
  complex_row_vector[3] v = to_complex(b', a' .* b');
  complex_matrix[3, 3] Z = to_complex(R, R');
  complex z = to_complex(a[1], b[2]);
  // elementwise, broadcast, products
  complex_vector[3] w = u .* conj(u) + 2 * u - z + u ./ (u + 1i) + -u;
  w = w / z + z * w - u .^ 2 + pow(u, z);
  complex_matrix[3, 3] P = Z * Z + R * Z + Z * R + u * v;
  complex_vector[3] q = P * u + Z * a;
  complex_row_vector[3] r = v * Z + b' * Z;
  complex s = v * u + r * q + dot_product(u, w) + dot_product(a, u);
  // reductions and copies
  s += sum(w) + prod(u) + trace(P) + sum(cumulative_sum(q))
       + sum(rep_vector(z, 2)) + sum(rep_row_vector(z, 2))
       + sum(rep_matrix(z, 2, 2)) + sum(to_vector(v)) + sum(to_row_vector(u))
       + sum(append_row(u, z)) + sum(append_row(u, w)) + sum(v');
  array[2] complex ra = rep_array(z, 2);
  s += ra[1] * ra[2];
  // matrix functions
  complex_matrix[3, 3] D = add_diag(P, u) + add_diag(Z, z)
      + diag_pre_multiply(u, Z) + diag_post_multiply(P, v)
      + symmetrize_from_lower_tri(P);
  // gathers, indexing, assignment through indices and slices
  complex_matrix[2, 3] B = block(D, 2, 1, 2, 3);
  complex_vector[2] h = head(w, 2) + tail(q, 2) + D[2:3, 2] + col(D, 1)[1:2];
  complex_matrix[3, 3] T = D';
  complex_matrix[3, 4] AC = append_col(T, u);
  B[1, 2] = B[2, 1] * z;
  B[2] = B[1] .* v;
  w[2:3] = h * z;
  w[{3, 1}] = h;
  s += sum(B) + sum(AC[:, 4]) + T[1, 3] + sum(w) + sum(reverse(w));
  target += get_real(s) * 0.01 + get_imag(s) * 0.02
            - 0.05 * sum(abs(D)) - 0.1 * sum(square(get_real(T)))
            + 0.03 * sum(get_imag(conj(P)));
  target += normal_lpdf(to_vector(R) | 0, 1);
  target += get_imag(sum(scaled(twice(a), z))) + get_real(as_complex(R)[1, 2]);
}
