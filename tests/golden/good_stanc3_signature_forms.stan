// Signatures of stanc3's signature table (src/middle/Stan_math_signatures)
// that the library lacked: a scalar over a container with / and .*,
// int .* and ./ (int results), falling_factorial and rising_factorial of
// ints (int results), squared_distance of reals, trace_quad_form of a
// vector, the hypergeometric functions of row vectors and arrays,
// normal_id_glm with a vector sigma, binomial_logit_glm with one of n and
// N an array, dot_product of complex arrays, size of a complex, quantile
// of an array of probabilities, the unit_vector transform functions and
// the vector and matrix transforms of nested arrays (the result has the
// argument's dimensions), and the functions of an int and a real with an
// int array paired element by element with a vector or a matrix; abs,
// get_real, get_imag, conj and - of arrays of complex values and
// containers, pow of complex containers, and student_t_qf (Stan 2.39),
// elementwise with scalars broadcasting.
data {
  matrix[3, 2] X;
  array[3] int n;
  array[3] int N;
  array[2, 3] vector[2] free;
  array[2, 2] matrix[2, 2] fm;
}
transformed data {
  vector[3] v = [1, 2, 4]';
  int i = 2 .* 3 + 7 ./ 3;
  int f = falling_factorial(5, 2) + rising_factorial(3, 2);
  array[2] int fa = falling_factorial({5, 6}, 2);
  vector[3] w = 2 / v + v .* 2 + 2 .* v;
  row_vector[3] r = 2 / v' + v' .* 2;
  matrix[2, 2] m = 1 / [[1, 2], [3, 4]] + 3 .* [[1, 2], [3, 4]];
  complex_vector[2] cv = to_complex(1, 1) / [to_complex(1, 2), 3]'
                         + [to_complex(1, 2), 3]' .* to_complex(0, 1);
  real d = squared_distance(1.5, -0.5) + trace_quad_form(m, [1, 2]');
  real h = hypergeometric_3F2([1, 1, 1], {2.0, 2.0}, 0.5)
           + hypergeometric_pFq({1.0, 1.0, 1.0}, [2, 2]', 0.5);
  complex z = dot_product({to_complex(1, 2)}, {to_complex(3, -1)});
  int sz = size(to_complex(1, 1));
  array[2] real q = quantile(v, {0.5, 1.0});
  array[2] real qr = quantile(v', {0.5, 1.0});
  vector[2] u = unit_vector_unconstrain(unit_vector_constrain([3, 4]'));
  array[2, 3] vector[3] s = simplex_constrain(free);
  array[2, 3] vector[2] o = ordered_unconstrain(ordered_constrain(free));
  array[2, 3] matrix[2, 2] L = cholesky_factor_corr_constrain(free, 2);
  array[2, 2] matrix[2, 3] st = stochastic_row_constrain(fm);
  array[2, 2] matrix[3, 3] sz0 = sum_to_zero_constrain(fm);
  vector[3] bj = bessel_first_kind(n, v) + falling_factorial(v, n);
  row_vector[3] lm = lmgamma(N, v') + binary_log_loss({0, 1, 1}, v' / 5);
  matrix[2, 2] ld = ldexp(m, {{1, 2}, {3, 4}});
  array[2] vector[3] bk = modified_bessel_first_kind({n, N}, {v, v});
  array[2] complex zs = {to_complex(3, 4), to_complex(0, -2)};
  array[2, 1] complex_vector[2] zv = {{[zs[1], zs[2]]'}, {[zs[2], 1]'}};
  array[2] real az = abs(zs);
  vector[2] av = abs(zv[1, 1]);
  array[2, 1] vector[2] re = get_real(zv);
  array[2, 1] vector[2] im = get_imag(zv);
  array[2, 1] complex_vector[2] cj = conj(zv);
  array[2] complex_vector[2] ng = -zv[ : , 1];
  complex_vector[2] pw = pow(zv[1, 1], to_complex(2, 0));
  array[2, 1] complex_vector[2] pz = pow(zv, zv);
  array[2] complex pe = pow(to_complex(2, 0), zs);
  real tq = student_t_qf(0.975, 10, 0, 1);
  vector[3] tv = student_t_qf([0.1, 0.5, 0.9]', v, 0, v);
  array[2] real ta = student_t_qf({0.2, 0.7}, 3, {1.0, 2.0}, 1);
}
parameters {
  real a;
  vector<lower=0>[3] sigma;
  row_vector[2] beta;
  array[2, 3] vector[2] y;
}
transformed parameters {
  array[2, 3] vector[3] x = simplex_jacobian(y);
}
model {
  target += normal_id_glm_lpdf(0.5 | X, a, beta', sigma)
            + normal_id_glm_lpdf(v | X[1], a, beta', sigma)
            + binomial_logit_glm_lpmf(n | N[1], X, a, beta')
            + binomial_logit_glm_lpmf(n[1] | N, X, a, beta');
  target += sum(a / sigma) + sum(sigma .* a) + squared_distance(a, 1);
}
