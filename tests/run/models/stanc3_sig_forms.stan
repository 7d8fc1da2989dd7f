// Signatures the stanc3 signature table has and the library lacked
// (found by comparing every concrete signature of stanc3's table with
// ours): a scalar over a container (`/`), scalar-container `.*`, int
// `.*`, `./`, falling/rising_factorial, squared_distance of two reals,
// trace_quad_form of a vector, the generalized hypergeometric functions
// of row vectors and arrays, normal_id_glm with a vector sigma and a
// scalar or row-vector y, binomial_logit_glm with one of y and N an
// array, dot_product of complex arrays, size of a complex, quantile with
// an array of probabilities, the unit_vector transform functions and the
// vector and matrix transforms of arrays of two dimensions, and the
// functions of an int and a real (bessel_first_kind, ldexp, ...) with an
// int array paired element by element with a vector or matrix; the
// values of abs, get_real, get_imag, conj and - of arrays of complex
// values and containers, pow of complex containers, and student_t_qf
// (Stan 2.39), elementwise.
// Transformed data checks values against closed forms; the model sends
// parameters through each so the gradient meets finite differences.
functions {
  void expect(real got, real want, real tol, int id) {
    if (abs(got - want) > tol)
      reject("stanc3_sig_forms: check ", id, " gives ", got, ", expected ",
             want);
  }
}
data {
  matrix[3, 2] X;
  array[3] int n;
  array[3] int N;
  array[2, 2] int km;
  array[3] int k01;
}
transformed data {
  vector[3] v = [1, 2, 4]';
  int i6 = 2 .* 3;
  int i2 = 7 ./ 3;
  int ff = falling_factorial(5, 2);
  int rf = rising_factorial(3, 2);
  array[2] complex za = {to_complex(1, 2), to_complex(3, -1)};
  array[2] real q = quantile(v, {0.5, 1.0});
  expect(i6, 6, 0, 1);
  expect(i2, 2, 0, 2);
  expect(ff, 20, 0, 3);            // 5 * 4
  expect(rf, 12, 0, 4);            // 3 * 4
  expect(sum(2 ./ v), 3.5, 1e-15, 5);
  expect(sum(2 / v), 3.5, 1e-15, 6);
  expect(sum(v .* 2), 14, 1e-15, 7);
  expect(squared_distance(1.5, -0.5), 4, 1e-15, 8);
  // as for complex vectors, the first argument is conjugated (Stan Math
  // takes Eigen's dot, conjugate-linear in its first argument):
  // |1 + 2i|^2 + |3 - i|^2
  expect(get_real(dot_product(za, za)), 5 + 10, 1e-15, 9);
  expect(get_imag(dot_product(za, za)), 0, 1e-15, 10);
  expect(size(to_complex(1, 1)), 1, 0, 11);
  expect(q[2], 4, 1e-15, 12);
  // 3F2((1, 1, 1), (2, 2), z) = Li2(z) / z; Li2(1/2) = pi^2/12 - log(2)^2/2
  expect(hypergeometric_3F2([1, 1, 1], {2.0, 2.0}, 0.5),
         2 * (pi() ^ 2 / 12 - log(2) ^ 2 / 2), 1e-10, 13);
  expect(hypergeometric_pFq({1.0, 1.0, 1.0}, [2, 2], 0.5),
         2 * (pi() ^ 2 / 12 - log(2) ^ 2 / 2), 1e-10, 14);
  expect(trace_quad_form([[2, 1], [1, 3]], [1, 2]'), 2 + 4 + 12, 1e-15,
         15);
  expect(norm2(unit_vector_constrain([3, 4]')), 1, 1e-15, 16);
  // element [i, j] of the matrix meets element [i, j] of the int array
  matrix[2, 2] r = ldexp([[1, 1], [1, 1]], {{1, 2}, {3, 4}});
  expect(r[1, 2], 4, 0, 17);
  expect(r[2, 1], 8, 0, 18);
  // J0(1), J1(1): Abramowitz and Stegun, Table 9.1
  vector[2] jv = bessel_first_kind({0, 1}, [1, 1]');
  expect(jv[1], 0.7651976866, 1e-10, 19);
  expect(jv[2], 0.4400505857, 1e-10, 20);
  // abs, get_real, get_imag, conj and - of complex containers and arrays
  // of them, element by element (|3 + 4i| = 5)
  array[2] complex zs = {to_complex(3, 4), to_complex(0, -2)};
  array[2] complex_vector[2] zv = {[zs[1], zs[2]]', [zs[2], 1]'};
  array[2] real az = abs(zs);
  vector[2] av = abs(zv[1]);
  array[2] vector[2] re = get_real(zv);
  array[2] vector[2] im = get_imag(zv);
  array[2] complex_vector[2] cj = conj(zv);
  array[2] complex_vector[2] ng = -zv;
  expect(az[1] + az[2], 7, 1e-15, 21);
  expect(av[1] + av[2], 7, 1e-15, 22);
  expect(re[1][1] + re[2][2], 4, 0, 23);
  expect(im[1][1] + im[2][1], 2, 0, 24);
  expect(get_imag(cj[1][1]), -4, 0, 25);
  expect(get_real(ng[2][2]), -1, 0, 26);
  expect(sum(abs(to_matrix({{zs[1]}}))), 5, 1e-15, 27);
  // pow of complex containers elementwise: (1 + i)^2 = 2i, and Euler's
  // formula 2^i = cos(log 2) + i sin(log 2)
  complex_vector[2] pw = pow([to_complex(1, 1), 2]', to_complex(2, 0));
  array[2] complex pe = pow(to_complex(2, 0), {to_complex(0, 1), 1});
  array[1] complex_row_vector[2] pp = pow({[zs[1], zs[2]]}, {[zs[2], 1]});
  expect(get_imag(pw[1]), 2, 1e-14, 28);
  expect(get_real(pw[2]), 4, 1e-14, 29);
  expect(get_real(pe[1]), cos(log(2)), 1e-14, 30);
  expect(get_imag(pe[1]), sin(log(2)), 1e-14, 31);
  expect(get_real(pp[1][2]), 0, 1e-14, 32);   // (-2i)^1
  // mdivide_right(b, A) = b A^-1: [1, i] [[2, 0], [0, i]]^-1 = [1/2, 1]
  complex_row_vector[2] md = mdivide_right([1, to_complex(0, 1)],
                                           to_matrix({{2, 0},
                                                      {0, to_complex(0, 1)}}));
  expect(get_real(md[1]) + get_real(md[2]), 1.5, 1e-14, 33);
  // the Cauchy quantile (nu = 1): mu + sigma tan(pi (p - 1/2))
  expect(student_t_qf(0.975, 1, 0.5, 2), 0.5 + 2 * tan(pi() * 0.475), 1e-12,
         35);
  expect(student_t_qf([0.975, 0.025]', 10, 0, 1)[2], -2.228138852, 1e-9,
         36);
  expect(get_real(mdivide_right(to_matrix({{zs[1]}}), to_matrix({{zs[1]}}))[1, 1]),
         1, 1e-14, 34);
}
parameters {
  real<lower=0.5, upper=2> a;
  vector<lower=0.5, upper=2>[3] b;
  row_vector<lower=-1, upper=1>[2] c;
  vector<lower=0.5, upper=2>[3] s;
  real<lower=0.1, upper=0.6> z;
}
transformed parameters {
  array[2, 2] vector[3] y;
  for (i in 1:2)
    for (j in 1:2)
      y[i, j] = b * i + j * s;
  array[2, 2] vector[4] x = simplex_jacobian(y);
  array[2, 2] matrix[3, 3] L = cholesky_factor_corr_constrain(y, 3);
  // a slice of a two-dimensional array (its vectors' size was taken as 1)
  array[2] vector[4] xs = simplex_jacobian(y[2]);
  array[2, 2] matrix[2, 2] M;
  for (i in 1:2)
    for (j in 1:2)
      M[i, j] = [[b[1], i * s[2]], [j * b[3], s[1]]];
  array[2, 2] matrix[2, 3] W = stochastic_row_constrain(M);
}
model {
  array[2, 2] vector[3] u = ordered_unconstrain(ordered_constrain(y));
  target += sum(x[2, 1]) + sum(u[1, 2]) + sum(L[2, 2])
            + sum(x[1, 2] .* x[2, 2]) + sum(xs[1] .* xs[2])
            + sum(W[2, 1] .* W[1, 2]);
  matrix[2, 2] m = [[a, 0.5], [0.5, 2]];
  target += sum(a ./ b) + sum(a / b) + sum(a / c) + sum(a / m);
  target += sum(b .* a) + sum(a .* b) + sum(c .* a) + sum(a .* m);
  target += squared_distance(a, b[1]);
  target += trace_quad_form(m, b[1:2]);
  target += hypergeometric_3F2(append_col(c, 1.0), [2, 2], z)
            + hypergeometric_3F2([a, 1, 1], c + 3, z)
            + hypergeometric_pFq({1.0, 1.0}, c + 3, z);
  target += normal_id_glm_lpdf(0.5 | X, a, c', s)
            + normal_id_glm_lpdf(b | X[1], a, c', s)
            + normal_id_glm_lpdf(b | X[1], b, c', s)
            + normal_id_glm_lpdf(0.5 | X, b, c', s);
  target += binomial_logit_glm_lpmf(n | N[1], X, a, c')
            + binomial_logit_glm_lpmf(n[1] | N, X, a, c');
  target += sum(unit_vector_constrain(s));
  target += falling_factorial(a + 2, 2) + rising_factorial(b, 2)[1];
  target += student_t_qf(z, a + 1, b[1], s[1])
            + sum(student_t_qf([0.3, 0.5, 0.8]', b * 2, c[1], s))
            + sum(student_t_qf(z, b, 0, 1));
  target += sum(bessel_first_kind(n, b))
            + sum(modified_bessel_second_kind(km, m))
            + sum(falling_factorial(b, n)) + sum(lmgamma(N, s))
            + sum(ldexp(m, km)) + sum(binary_log_loss(k01, b / 3))
            + sum(rising_factorial(m, km)) + sum(bessel_second_kind(N, b));
}
