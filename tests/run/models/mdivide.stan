// General matrix division by LU (runtime/rt_lu.h): A \ b and b / A with
// a matrix A (emit_expr.c), and the functions mdivide_left and
// mdivide_right (emit_linalg.c).  Transformed data checks values, one of
// them only solvable with a row swap; the model sends parameters through
// each form, with parameters and data in each argument.  The divisor
// G = add_diag(0.3 * M, 3) is diagonally dominant at every point of
// (-2, 2), so the finite differences stay accurate.
functions {
  void expect(vector got, vector want, int id) {
    if (num_elements(got) != num_elements(want)
        || max(abs(got - want)) > 1e-12)
      reject("mdivide: check ", id, " gives ", got, ", expected ", want);
  }
}
data {
  matrix[3, 3] DA;
  vector[3] db;
  matrix[3, 2] DB;
  row_vector[3] dr;
  matrix[2, 3] DR;
}
transformed data {
  matrix[2, 2] A = [[1, 2], [3, 4]];
  vector[2] b = [5, 6]';
  row_vector[2] r = [5, 6];
  matrix[2, 2] B = [[5, 1], [6, 0]];
  matrix[2, 2] P = [[0, 1], [1, 0]];
  expect(A \ b, [-4, 4.5]', 1);
  expect(mdivide_left(A, b), [-4, 4.5]', 2);
  expect((r / A)', [-1, 2]', 3);
  expect(mdivide_right(r, A)', [-1, 2]', 4);
  expect(to_vector(A \ B), to_vector([[-4, -2], [4.5, 1.5]]), 5);
  expect(to_vector(mdivide_left(A, B)), to_vector([[-4, -2], [4.5, 1.5]]), 6);
  expect(to_vector(B / A), to_vector([[-8.5, 4.5], [-12, 6]]), 7);
  expect(to_vector(mdivide_right(B, A)),
         to_vector([[-8.5, 4.5], [-12, 6]]), 8);
  expect(P \ [3, 5]', [5, 3]', 9);
  expect(to_vector([3, 5] / P), [5, 3]', 10);
  // against products, on the 3 x 3 data
  if (max(abs(DA * (DA \ DB) - DB)) > 1e-12
      || max(abs((DR / DA) * DA - DR)) > 1e-12
      || max(abs(DA * mdivide_left(DA, db) - db)) > 1e-12
      || max(abs(mdivide_right(dr, DA) * DA - dr)) > 1e-12)
    reject("mdivide: a solve does not satisfy its system");
}
parameters {
  matrix[3, 3] M;
  vector[3] v;
  row_vector[3] rv;
  matrix[3, 2] V;
  matrix[2, 3] RV;
}
transformed parameters {
  matrix[3, 3] G = add_diag(0.3 * M, 3);
}
model {
  target += -0.5 * dot_self(to_vector(M)) - 0.5 * dot_self(v)
            - 0.5 * dot_self(rv) - 0.5 * dot_self(to_vector(V))
            - 0.5 * dot_self(to_vector(RV));
  // both operands parameters
  target += sum(G \ v) + sum(G \ V) + sum(rv / G) + sum(RV / G);
  target += sum(mdivide_left(G, v)) + sum(mdivide_left(G, V))
            + sum(mdivide_right(rv, G)) + sum(mdivide_right(RV, G));
  // data divisor, parameter right-hand side
  target += 0.5 * sum(DA \ v) + 0.5 * sum(RV / DA)
            + 0.5 * sum(mdivide_left(DA, V))
            + 0.5 * sum(mdivide_right(rv, DA));
  // parameter divisor, data right-hand side
  target += 0.5 * sum(G \ db) + 0.5 * sum(DR / G)
            + 0.5 * sum(mdivide_left(G, DB)) + 0.5 * sum(mdivide_right(dr, G));
  // inside larger expressions
  target += -0.1 * dot_self(G \ (v + db)) + 0.1 * (rv / G) * v;
  target += 0.1 * sum((G / G) * v) - 0.1 * sum(G \ G);
}
generated quantities {
  vector[3] x = DA \ db + mdivide_left(DA, db);
  row_vector[3] y = dr / DA + mdivide_right(dr, DA);
}
