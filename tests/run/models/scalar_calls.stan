// Scalar library calls of runtime/math_scalar2.c and backend/emit_scalar3.c:
// the unary and binary elementwise functions added to emit_call.c's lists
// (scalars and containers), the functions of three arguments (fma,
// inc_beta, inv_inc_beta), the int-valued int_step, to_int and choose, and
// the constants sqrt2(), log2(), machine_precision(). Transformed data
// checks values (closed forms, and references to 20 digits from mpmath);
// the model sends parameters through every differentiable function.
functions {
  void expect(vector got, vector want, int id) {
    if (num_elements(got) != num_elements(want)
        || max(abs(got - want)) > 1e-10)
      reject("scalar_calls: check ", id, " gives ", got, ", expected ", want);
  }
}
data {
  int<lower=1> N;
}
transformed data {
  expect([acosh(cosh(1.5)), asinh(sinh(0.7)), atanh(tanh(0.3))]',
         [1.5, 0.7, 0.3]', 1);
  expect([floor(2.7), ceil(2.2), round(2.5), round(-2.5), trunc(-2.7)]',
         [2, 3, 3, -3, -2]', 2);
  expect([int_step(2), int_step(0), int_step(-1.5), int_step(0.5)]',
         [1, 0, 0, 1]', 3);
  expect([to_int(3.9), to_int(-3.9)]', [3, -3]', 4);
  expect(to_vector(to_int({1.5, -2.5, 7.0})), [1, -2, 7]', 5);
  expect([choose(5, 2), choose(3, 5), choose(10, 0)]', [10, 0, 1]', 6);
  expect(to_vector(choose({5, 6}, 2)), [10, 15]', 7);
  expect([sqrt2(), log2(), machine_precision()]',
         [sqrt(2), log(2), 2.220446049250313e-16]', 8);
  expect([inv_Phi(0.975), Phi(inv_Phi(0.3)), std_normal_qf(0.3),
          std_normal_log_qf(log(0.3)), erfc(inv_erfc(0.3)),
          inv_erfc(1e-10)]',
         [1.959963984540054, 0.3, inv_Phi(0.3), inv_Phi(0.3), 0.3,
          4.5728249673894852748]', 9);
  expect([std_normal_log_qf(-800)]', [-39.884694838256677568]', 10);
  expect([lambert_w0(e()), lambert_wm1(-2 * exp(-2)), lambert_w0(0.5)]',
         [1, -2, 0.35173371124919582602]', 11);
  expect([gamma_p(2.5, 1.0), gamma_q(2.5, 1.0), gamma_p(1, 2)]',
         [0.15085496391539036377, 1 - 0.15085496391539036377,
          1 - exp(-2)]', 12);
  expect([inc_beta(1, 1, 0.3), inc_beta(2.5, 1, 0.3),
          inv_inc_beta(2, 3, 0.4), inv_inc_beta(2, 3, inc_beta(2, 3, 0.7))]',
         [0.3, 0.3 ^ 2.5, 0.32916650337840788239, 0.7]', 13);
  expect([beta(2, 3), beta(0.5, 0.5), owens_t(0, 1)]',
         [1.0 / 12, pi(), 0.125]', 14);
  expect([log_inv_logit_diff(1, 0.5), binary_log_loss(1, 0.3),
          binary_log_loss(0, 0.3)]',
         [log(inv_logit(1) - inv_logit(0.5)), -log(0.3), -log(0.7)]', 15);
  expect([falling_factorial(5, 2), log_falling_factorial(5, 2),
          rising_factorial(3, 2), log_rising_factorial(3, 2)]',
         [20, log(20), 12, log(12)]', 16);
  expect([lmgamma(2, 3.3), lmgamma(1, 4.5)]',
         [0.5 * log(pi()) + lgamma(3.3) + lgamma(2.8), lgamma(4.5)]', 17);
  expect([bessel_first_kind(0, 0), bessel_first_kind(1, 2.0),
          bessel_second_kind(0, 1), modified_bessel_first_kind(0, 1),
          modified_bessel_second_kind(1, 1)]',
         [1, 0.5767248077568734, 0.08825696421567696, 1.2660658777520082,
          0.6019072301972346]', 18);
  expect([ldexp(1.5, 3), fmod(7.5, 2), fma(2, 3, 4)]', [12, 1.5, 10]', 19);
  expect(fma([1, 2]', [3, 4]', [5, 6]'), [8, 14]', 20);
  expect(fma([1, 2]', 2, 1), [3, 5]', 21);
  expect(acosh([1, cosh(2)]'), [0, 2]', 22);
  expect(gamma_q([1, 1]', [2, 3]'), [exp(-2), exp(-3)]', 23);
  expect(to_vector(bessel_first_kind({0, 1}, {0.0, 2.0})),
         [1, 0.5767248077568734]', 24);
  expect(to_vector(binary_log_loss({1, 0}, {0.3, 0.3})),
         [-log(0.3), -log(0.7)]', 25);
  expect(falling_factorial([5, 4]', 2), [20, 12]', 26);
}
parameters {
  real<lower=0.1, upper=0.9> p;
  real<lower=0.5, upper=3> a;
  real<lower=0.5, upper=3> b;
  real<lower=1.1, upper=4> c;
  real x;
  vector<lower=0.5, upper=3>[3] va;
  vector<lower=0.1, upper=0.9>[3] vp;
  array[3] real<lower=0.1, upper=0.9> ap;
}
model {
  x ~ normal(0, 1);
  // unary
  target += -0.1 * square(acosh(c)) + 0.1 * asinh(x) + 0.1 * atanh(p - 0.5);
  target += floor(p) + ceil(p) + round(0.4 * p) + trunc(p);
  target += 0.1 * inv_Phi(p) + 0.1 * inv_erfc(p) + 0.1 * std_normal_qf(p)
            + 0.1 * std_normal_log_qf(log(p));
  target += 0.1 * lambert_w0(a + x * x) + 0.1 * lambert_wm1(-0.3 * p);
  // binary
  target += 0.1 * fmod(3 * c, a) + beta(a, b) + gamma_p(a, b)
            + gamma_q(a, c) + owens_t(x, a)
            + 0.1 * log_inv_logit_diff(x, x - a);
  target += 0.1 * log_falling_factorial(c + 2, a)
            + 0.1 * log_rising_factorial(a, b);
  target += -0.1 * (binary_log_loss(1, p) + binary_log_loss(0, p));
  target += -0.1 * lmgamma(3, c + 1);
  target += 0.1 * bessel_first_kind(1, x) + 0.1 * bessel_second_kind(1, a)
            + 0.01 * modified_bessel_first_kind(2, x)
            + 0.1 * modified_bessel_second_kind(1, a);
  target += 0.01 * falling_factorial(x, 3) + 0.01 * rising_factorial(x, 2)
            + 0.01 * ldexp(x, 3);
  // three arguments
  target += 0.1 * fma(x, a, b) + inc_beta(a, b, p) + inv_inc_beta(a, b, p);
  // containers
  target += sum(gamma_p(va, 5 * vp)) + sum(fma(va, vp, va))
            - 0.1 * sum(acosh(va + 1)) + 0.1 * sum(std_normal_log_qf(log(vp)))
            + 0.1 * sum(lambert_w0(va)) + 0.1 * sum(fma(va, p, x));
  target += 0.1 * sum(bessel_first_kind({0, 1, 2}, ap))
            - 0.1 * sum(binary_log_loss({1, 0, 1}, ap))
            + 0.01 * sum(falling_factorial(va, 2));
}
