// The functions that select and rearrange elements (backend/emit_shape.c)
// and indexing with ranges and multi-indices: transformed data checks
// their values against hand-written answers (a wrong element order
// rejects), the model sends parameters through each of them (the
// gradient check).
functions {
  void expect(vector got, vector want, int id) {
    if (num_elements(got) != num_elements(want)
        || max(abs(got - want)) > 1e-12)
      reject("shape_calls: check ", id, " gives ", got, ", expected ", want);
  }
}
data {
  int<lower=1> N;
}
transformed data {
  matrix[2, 3] M = [[1, 2, 3], [4, 5, 6]];
  vector[4] v = [1, 2, 3, 4]';
  array[3] int g = {3, 1, 3};
  expect(head(v, 2), [1, 2]', 1);
  expect(tail(v, 3), [2, 3, 4]', 2);
  expect(segment(v, 2, 2), [2, 3]', 3);
  expect(reverse(v), [4, 3, 2, 1]', 4);
  expect(col(M, 2), [2, 5]', 5);
  expect(row(M, 2)', [4, 5, 6]', 6);
  expect(sub_col(M, 1, 3, 2), [3, 6]', 7);
  expect(sub_row(M, 2, 2, 2)', [5, 6]', 8);
  expect(to_vector(block(M, 1, 2, 2, 2)), [2, 5, 3, 6]', 9);
  expect(diagonal(M), [1, 5]', 10);
  expect(to_vector(diag_matrix(head(v, 2))), [1, 0, 0, 2]', 11);
  expect(to_vector(M'), [1, 2, 3, 4, 5, 6]', 12);
  expect(to_row_vector(M)', [1, 4, 2, 5, 3, 6]', 13);
  expect(to_vector(to_array_1d(M)), [1, 4, 2, 5, 3, 6]', 14);
  expect(to_vector(to_matrix(v, 2, 2)), [1, 2, 3, 4]', 15);
  expect(to_vector(to_matrix(v, 2, 2, 0)), [1, 3, 2, 4]', 16);
  expect(to_vector(append_col(M, [7, 8]')), [1, 4, 2, 5, 3, 6, 7, 8]', 17);
  expect(append_col(1.5, row(M, 1))', [1.5, 1, 2, 3]', 18);
  expect(to_vector(append_row(M, [7, 8, 9])), [1, 4, 7, 2, 5, 8, 3, 6, 9]', 19);
  expect(to_vector(rep_matrix(head(v, 2), 2)), [1, 2, 1, 2]', 20);
  expect(to_vector(rep_matrix(head(v, 2)', 2)), [1, 1, 2, 2]', 21);
  expect(v[g], [3, 1, 3]', 22);
  expect(M[:, 3], [3, 6]', 23);
  expect(to_vector(M[2:2, {3, 1}]), [6, 4]', 24);
  expect(M[2, 2:3]', [5, 6]', 25);
  matrix[2, 3] W = M;
  W[:, 2] = [20, 50]';
  W[1, {3, 1}] = [30, 10];
  expect(to_vector(W), [10, 4, 20, 50, 30, 6]', 26);
  array[3] vector[2] Q = rep_array([1, 2]', 3);
  expect(Q[3], [1, 2]', 27);
  array[2, 3] real A2 = {{1, 2, 3}, {4, 5, 6}};
  expect(to_vector(to_matrix(A2)), [1, 4, 2, 5, 3, 6]', 28);
  array[2] row_vector[3] RV = {[1, 2, 3], [4, 5, 6]};
  expect(to_vector(to_matrix(RV)), [1, 4, 2, 5, 3, 6]', 29);
  array[2, 3] real R2 = rep_array(1.5, 2, 3);
  expect(to_vector(to_matrix(R2)), rep_vector(1.5, 6), 30);
  array[2, 2, 2] int R3 = rep_array(7, 2, 2, 2);
  expect([R3[2, 1, 2]]', [7]', 31);
  array[3] vector[2] P = {[0, 0]', [1, 1]', [2, 2]'};
  expect(to_vector(gp_exp_quad_cov(P[2:3], 1, 1)), [1, exp(-1), exp(-1), 1]', 32);
}
parameters {
  vector[4] a;
  matrix[2, 3] B;
  real s;
}
model {
  a ~ normal(0, 1);
  to_vector(B) ~ normal(0, 1);
  s ~ normal(0, 1);
  head(a, 2) ~ normal(tail(a, 2), 2);
  segment(a, 2, 3) ~ normal(reverse(head(a, 3)), 3);
  col(B, 2) ~ normal(row(B, 1)[2:3]', 2);
  sub_col(B, 1, 3, 2) ~ normal(sub_row(B, 2, 1, 2)', 2);
  to_vector(block(B, 1, 2, 2, 2)) ~ normal(diagonal(B)[{1, 2, 1, 2}], 2);
  to_vector(diag_matrix(head(a, 3)) * a[2:4]) ~ normal(1, 2);
  to_vector(B') ~ normal(to_array_1d(B), 3);
  row(B, 1)[1:2] ~ normal(to_matrix(a, 2, 2)[1], 3);
  to_row_vector(B) ~ normal(0.1, 3);
  to_vector(to_matrix(append_row(a, [s, s]'), 3, 2, 0)) ~ normal(0.5, 2);
  to_vector(append_col(B, a[1:2])) ~ normal(s, 3);
  append_col(s, row(B, 2)) ~ normal(0, 2);
  to_vector(append_row(B, a[2:4]')) ~ normal(0.2, 2);
  to_vector(rep_matrix(a[{4, 1}], 2)) ~ normal(to_vector(rep_matrix(head(a, 2)', 2)), 4);
  B[:, 3] ~ normal(B[2, 1:2]', 2);
  matrix[2, 3] V = B;
  V[:, 2] = a[1:2] * s;
  V[2, {3, 1}] = V[1, 2:3];
  to_vector(V) ~ normal(0, 2);
  array[3] vector[2] R = rep_array(a[2:3] * s, 3);
  R[2] ~ normal(a[3:4], 2);
}
