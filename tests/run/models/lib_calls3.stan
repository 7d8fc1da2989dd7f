// Library calls of backend/emit_lib2.c: the constructors (ones_*,
// zeros_*, linspaced_*, one_hot_*, uniform_simplex), the sorts, rank,
// append_array, distance, squared_distance, quantile, to_array_2d,
// columns_dot_self, rows_dot_self, trace_quad_form, trace_gen_quad_form,
// determinant, mdivide_right_spd, matrix_power, chol2inv,
// symmetrize_from_lower_tri, the SVD, the Gaussian-process kernels and
// cov_exp_quad. Transformed data checks values; the model sends
// parameters through each function with derivatives.
functions {
  void expect(vector got, vector want, int id) {
    if (num_elements(got) != num_elements(want)
        || max(abs(got - want)) > 1e-10)
      reject("lib_calls3: check ", id, " gives ", got, ", expected ", want);
  }
  vector ints(array[] int x) {
    return to_vector(x);
  }
}
data {
  int<lower=1> N;
}
transformed data {
  // constructors
  expect(append_row(ones_vector(2), ones_row_vector(1)'), [1, 1, 1]', 1);
  expect(append_row(to_vector(ones_array(2)), ints(ones_int_array(1))),
         [1, 1, 1]', 2);
  expect(append_row(zeros_vector(2), zeros_row_vector(1)'), [0, 0, 0]', 3);
  expect(append_row(to_vector(zeros_array(1)), ints(zeros_int_array(2))),
         [0, 0, 0]', 4);
  expect(uniform_simplex(4), [0.25, 0.25, 0.25, 0.25]', 5);
  expect(linspaced_vector(5, 1, 5), [1, 2, 3, 4, 5]', 6);
  expect(to_vector(linspaced_array(3, -1, 0)), [-1, -0.5, 0]', 7);
  expect(linspaced_row_vector(1, 0, 7)', [7]', 8);
  expect(ints(linspaced_int_array(5, 1, 3)), [1, 1, 2, 2, 3]', 9);
  expect(ints(linspaced_int_array(5, 0, 8)), [0, 2, 4, 6, 8]', 10);
  expect(ints(linspaced_int_array(4, 0, 7)), [0, 2, 4, 6]', 11);
  expect(one_hot_vector(3, 2), [0, 1, 0]', 12);
  expect(one_hot_row_vector(2, 1)', [1, 0]', 13);
  expect(to_vector(one_hot_array(2, 2)), [0, 1]', 14);
  expect(ints(one_hot_int_array(3, 3)), [0, 0, 1]', 15);
  expect([num_elements(ones_vector(0)),
          num_elements(linspaced_array(0, 1, 2))]', [0, 0]', 16);
  // sorts
  vector[4] v = [3, -1, 2.5, 0]';
  array[4] int iv = {3, -1, 2, 0};
  expect(sort_asc(v), [-1, 0, 2.5, 3]', 20);
  expect(sort_desc(v')', [3, 2.5, 0, -1]', 21);
  expect(to_vector(sort_asc(to_array_1d(v))), [-1, 0, 2.5, 3]', 22);
  expect(ints(sort_desc(iv)), [3, 2, 0, -1]', 23);
  expect(ints(sort_indices_asc(v)), [2, 4, 3, 1]', 24);
  expect(ints(sort_indices_desc(iv)), [1, 3, 4, 2]', 25);
  expect(ints(sort_indices_asc({2, 1, 2, 1})), [2, 4, 1, 3]', 26);
  expect([rank(v, 1), rank(iv, 2), rank(v', 3), rank({1, 1, 0}, 2)]',
         [3, 0, 2, 1]', 27);
  // append_array
  expect(to_vector(append_array({1.5, 2}, {3.0})), [1.5, 2, 3]', 30);
  expect(ints(append_array({1, 2}, {3})), [1, 2, 3]', 31);
  array[3] vector[2] av = append_array({[1, 2]'}, {[3, 4]', [5, 6]'});
  expect(append_row(av[1], append_row(av[2], av[3])), [1, 2, 3, 4, 5, 6]',
         32);
  // distances
  expect([distance([0, 0]', [3, 4]'), squared_distance([1, 2]', [2, 0]),
          distance([1, 1], [1, 2]'), squared_distance([0, 1], [1, 0])]',
         [5, 5, 1, 2]', 40);
  // quantile (R's type 7)
  expect([quantile({1.0, 2, 3, 4}, 0.5), quantile([4, 1, 3, 2, 5]', 0.25),
          quantile([1, 2]', 1), quantile({7.0}, 0.3)]', [2.5, 2, 2, 7]', 41);
  expect(quantile([5, 1, 2, 4, 3]', [0, 0.1, 1]'), [1, 1.4, 5]', 42);
  expect(to_vector(quantile({1.0, 3}, {0.5, 0.75})), [2, 2.5]', 43);
  // matrices
  matrix[2, 3] M = [[1, 2, 3], [4, 5, 6]];
  array[2, 3] real a2 = to_array_2d(M);
  expect([a2[1, 2], a2[2, 1], a2[2, 3]]', [2, 4, 6]', 50);
  expect(columns_dot_self(M)', [17, 29, 45]', 51);
  expect(rows_dot_self(M), [14, 77]', 52);
  expect([columns_dot_self([1, 2]')[1], rows_dot_self([1, 2])[1]]', [5, 5]',
         53);
  matrix[2, 2] S = [[2, 0.5], [0.5, 1]];
  matrix[2, 3] B = [[1, 0, 2], [-1, 1, 0.5]];
  matrix[3, 3] D = [[1, 2, 0], [0, 1, 0], [3, 0, 1]];
  expect([trace_quad_form(S, B), trace_gen_quad_form(D, S, B)]',
         [trace(B' * S * B), trace(D * B' * S * B)]', 54);
  expect([determinant(S), determinant([[0, 1, 0], [1, 0, 0], [0, 0, 2]])]',
         [1.75, -2]', 55);
  row_vector[2] r = [1, -2];
  expect(mdivide_right_spd(r, S)', (r * inverse(S))', 56);
  expect(to_vector(mdivide_right_spd(B', S)), to_vector(B' * inverse(S)), 57);
  matrix[2, 2] P = [[1, 1], [0.5, -1]];
  expect(to_vector(matrix_power(P, 3)), to_vector(P * P * P), 58);
  expect(to_vector(matrix_power(P, 0)), [1, 0, 0, 1]', 59);
  matrix[2, 2] L = [[2, 0], [1, 0.5]];
  expect(to_vector(chol2inv(L)), to_vector(inverse(L * L')), 60);
  expect(to_vector(symmetrize_from_lower_tri([[1, 9], [2, 3]])),
         [1, 2, 2, 3]', 61);
  expect(singular_values([[3, 0], [0, -2]]), [3, 2]', 62);
  expect(singular_values(M), [9.508032000695723, 0.7728696356734838]', 63);
  for (t in 1:2) {
    matrix[2 + t - 1, 3 - t + 1] X;
    if (t == 1)
      X = M;
    else
      X = M';
    matrix[rows(X), 2] U = svd_U(X);
    matrix[cols(X), 2] V = svd_V(X);
    expect(to_vector(U * diag_matrix(singular_values(X)) * V'), to_vector(X),
           63 + t);
    expect(to_vector(U' * U), [1, 0, 0, 1]', 65 + t);
  }
  // Gaussian-process kernels
  array[2] real x = {0, 1};
  expect(to_vector(gp_exponential_cov(x, 2, 1)),
         [4, 4 * exp(-1), 4 * exp(-1), 4]', 70);
  expect(to_vector(gp_matern32_cov(x, 2, 1)),
         [4, 4 * (1 + sqrt(3)) * exp(-sqrt(3)),
          4 * (1 + sqrt(3)) * exp(-sqrt(3)), 4]', 71);
  real m52 = (1 + sqrt(5) * 0.5 + 5.0 / 3 * 0.25) * exp(-sqrt(5) * 0.5);
  expect(to_vector(gp_matern52_cov(x, {1.0}, 1, 2)), [m52, 1]', 72);
  expect(to_vector(gp_periodic_cov(x, {0.5}, 1, 1, 2)),
         [exp(-1), exp(-1)]', 73);
  expect(to_vector(gp_dot_prod_cov(x, 1)), [1, 1, 1, 2]', 74);
  expect(to_vector(gp_dot_prod_cov({[1, 2]'}, {[3, 4]', [0, 1]'}, 0.5)),
         [11.25, 2.25]', 75);
  array[2] vector[2] xv = {[0, 0]', [1, 2]'};
  expect(to_vector(gp_exponential_cov(xv, 1, {1.0, 2})),
         [1, exp(-sqrt(2)), exp(-sqrt(2)), 1]', 76);
  expect(to_vector(gp_matern32_cov(xv, {[0, 0]'}, 1, 1)),
         [1, (1 + sqrt(15)) * exp(-sqrt(15))]', 77);
  expect(to_vector(cov_exp_quad(x, 2, 1)), to_vector(gp_exp_quad_cov(x, 2, 1)),
         78);
  expect(to_vector(cov_exp_quad(xv, xv, 1, 2)),
         to_vector(gp_exp_quad_cov(xv, xv, 1, 2)), 79);
}
parameters {
  vector[4] u;
  row_vector[4] w;
  array[2] real ar;
  matrix[2, 3] Mp;
  matrix[2, 2] Pp;
  vector<lower=-1, upper=1>[3] z;
  array[3] vector[2] pts;
  array[3] real xs;
  real<lower=0.5, upper=2> sg;
  real<lower=0.5, upper=2> ls;
  real<lower=1, upper=3> per;
  array[2] real<lower=0.5, upper=2> lard;
}
model {
  u ~ normal(0, 1);
  w ~ normal(0, 1);
  ar ~ normal(0, 1);
  to_vector(Mp) ~ normal(0, 1);
  to_vector(Pp) ~ normal(0, 0.5);
  for (i in 1:3)
    pts[i] ~ normal(0, 1);
  xs ~ normal(0, 1);
  vector[4] wt = [1, 2, 3, 4]';
  target += -0.1 * dot_product(sort_asc(u), wt)
            - 0.1 * dot_product(sort_desc(w), wt)
            - 0.1 * dot_product(to_vector(sort_asc(ar)), [1, 3]');
  target += -0.1 * sum(to_vector(append_array(ar, {u[1], w[2]}))
                       .* [1, 2, 3, 4]');
  target += -0.1 * distance(u, w') - 0.05 * squared_distance(u', w);
  array[2, 3] real ap2 = to_array_2d(Mp);
  target += -0.1 * square(ap2[1, 2] - 2 * ap2[2, 3]);
  target += -0.1 * sum(columns_dot_self(Mp) .* [1, 2, 3])
            - 0.1 * sum(rows_dot_self(Mp) .* [1, 3]');
  matrix[2, 2] Sp = [[2 + z[1], 0.3 * z[2]], [0.3 * z[2], 1.5 + 0.5 * z[3]]];
  matrix[3, 3] Dp = [[1, z[1], 0], [0, 1, z[2]], [u[1], 0, 1]];
  target += -0.1 * trace_quad_form(Sp, Mp)
            - 0.1 * trace_gen_quad_form(Dp, Sp, Mp);
  target += -0.1 * square(determinant(Pp + Sp));
  target += -0.1 * dot_self(mdivide_right_spd(w[1:2], Sp))
            - 0.1 * sum(mdivide_right_spd(Mp', Sp) .* [[1, 2], [0, 1], [3, 1]]);
  target += -0.1 * sum(matrix_power(Pp, 3) .* [[1, 2], [3, 4]])
            - 0.1 * sum(matrix_power(Sp, 2));
  matrix[2, 2] Lp = [[1.5 + 0.2 * z[1], 0], [0.3 * z[2], 1.2 + 0.1 * z[3]]];
  target += -0.1 * sum(chol2inv(Lp) .* [[1, 2], [3, 4]]);
  target += -0.1 * sum(symmetrize_from_lower_tri(Pp) .* [[1, 2], [3, 4]]);
  target += -0.1 * dot_product(singular_values(Mp + [[3, 0, 0], [0, 1, 0]]),
                               [1, 2]');
  matrix[3, 3] wk = [[1, 2, 0.5], [0.3, 1, 2], [1, -1, 1]];
  target += -0.1 * sum(gp_exponential_cov(xs, sg, ls) .* wk)
            - 0.1 * sum(gp_matern32_cov(pts, sg, ls) .* wk)
            - 0.1 * sum(gp_matern52_cov(pts, sg, lard) .* wk)
            - 0.1 * sum(gp_periodic_cov(xs, sg, ls, per) .* wk)
            - 0.1 * sum(gp_dot_prod_cov(pts, sg) .* wk);
  target += -0.1 * sum(gp_matern52_cov(xs, ar, sg, ls))
            - 0.1 * sum(gp_exponential_cov(pts, pts[1:2], sg, lard))
            - 0.1 * sum(gp_periodic_cov(pts, pts[2:3], sg, ls, per))
            - 0.1 * sum(gp_dot_prod_cov(xs, ar, sg))
            - 0.1 * sum(gp_matern32_cov(xs, ar, sg, ls));
  target += -0.1 * sum(cov_exp_quad(pts, sg, ls) .* wk)
            - 0.1 * sum(cov_exp_quad(xs, ar, sg, ls));
}
