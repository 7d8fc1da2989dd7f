// integrate_1d (backend/emit_integrate.c, runtime/integrate.c), with and
// without its relative tolerance, on finite, half-infinite and infinite
// intervals (Stan Functions Reference, "1D integrator").  Transformed data
// checks xc as the reference defines it (the distance to the nearer bound,
// lo - x or hi - x, of each piece of an interval split at zero; NaN when a
// bound is infinite) and ints where the integrand takes reals; the model
// checks each integral against its closed form at each point and sends
// parameters through theta and through both bounds (and through the
// bounds alone), so that the gradient (integrals of df/dtheta, and -f(a),
// f(b)) meets finite differences.
functions {
  void expect(real got, real want, real tol, int id) {
    if (!(abs(got - want) <= tol * fmax(1, abs(want))))
      reject("integrate_1d: check ", id, " gives ", got, ", expected ",
             want);
  }
  // 1 on [x_r[1], x_r[2]] (exp(-x^2) where x_i[1] says a bound is
  // infinite), rejecting any xc that is not the reference's
  real xc_check(real x, real xc, array[] real theta, array[] real x_r,
                array[] int x_i) {
    if (x_i[1] == 1) {
      if (!is_nan(xc))
        reject("xc is ", xc, " at x = ", x, " on an infinite interval");
      return exp(-square(x));
    }
    real lo = x_r[1];
    real hi = x_r[2];
    if (lo < 0 && hi > 0) {
      if (x < 0)
        hi = 0;
      else
        lo = 0;
    }
    real nearer = x - lo <= hi - x ? lo - x : hi - x;
    if (abs(xc - nearer) > 1e-12)
      reject("xc is ", xc, " at x = ", x, ", expected ", nearer);
    return theta[1];
  }
  // the beta density's kernel, written with xc = 1 - x near 1 (the
  // reference's example of xc's use)
  real beta_kernel(real x, real xc, array[] real theta, array[] real x_r,
                   array[] int x_i) {
    if (x > 0.5)
      return x ^ (theta[1] - 1) * xc ^ (theta[2] - 1);
    return x ^ (theta[1] - 1) * (1 - x) ^ (theta[2] - 1);
  }
  // x_r[1] exp(-theta[1] (x - theta[2])^2)
  real gauss(real x, real xc, array[] real theta, array[] real x_r,
             array[] int x_i) {
    return x_r[1] * exp(-theta[1] * square(x - theta[2]));
  }
  // the integral of gauss from lo to hi
  real gauss_integral(real lo, real hi, real a, real m, real scale) {
    real s = sqrt(2 * a);
    return scale * sqrt(pi() / a) * (Phi((hi - m) * s) - Phi((lo - m) * s));
  }
}
data {
  array[1] real scale;
}
transformed data {
  array[0] real none;
  // ints where the integrand takes reals: bounds and theta
  expect(integrate_1d(xc_check, 1, 3, {2}, {1.0, 3.0}, {0}), 4, 1e-10, 1);
  expect(integrate_1d(xc_check, -1, 2.5, {1.0}, {-1.0, 2.5}, {0}), 3.5,
         1e-10, 2);
  expect(integrate_1d(xc_check, -2, -0.5, {1.0}, {-2.0, -0.5}, {0}), 1.5,
         1e-10, 3);
  expect(integrate_1d(xc_check, negative_infinity(), positive_infinity(),
                      {1.0}, none, {1}), sqrt(pi()), 1e-8, 4);
  expect(integrate_1d(xc_check, 0, positive_infinity(), {1.0}, none, {1}),
         sqrt(pi()) / 2, 1e-8, 5);
  expect(integrate_1d(xc_check, negative_infinity(), 1, {1.0}, none, {1}),
         sqrt(pi()) / 2 * (1 + erf(1)), 1e-8, 6);
  expect(integrate_1d(xc_check, 2, 2, {1.0}, {2.0, 2.0}, {0}), 0, 0, 7);
  expect(integrate_1d(beta_kernel, 0, 1, {2, 3}, none, {0}),
         exp(lbeta(2, 3)), 1e-8, 8);
}
parameters {
  real<lower=0.6, upper=3> alpha;
  real<lower=0.6, upper=3> beta;
  real<lower=0.5, upper=2> a;
  real<lower=-1, upper=1> m;
  real<lower=-2, upper=-0.1> lo;
  real<lower=0.1, upper=2> hi;
}
model {
  array[0] int no_ints;
  real b1 = integrate_1d(beta_kernel, 0, 1, {alpha, beta}, scale, no_ints);
  real b2 = integrate_1d(beta_kernel, 0.0, 1.0, {alpha, beta}, scale,
                         no_ints, 1e-10);
  real g1 = integrate_1d(gauss, lo, hi, {a, m}, scale, no_ints);
  real g2 = integrate_1d(gauss, 0, positive_infinity(), {a, m}, scale,
                         no_ints);
  real g3 = integrate_1d(gauss, negative_infinity(), hi, {a, m}, scale,
                         no_ints, 1e-9);
  real g4 = integrate_1d(gauss, negative_infinity(), positive_infinity(),
                         {a, m}, scale, no_ints);
  // theta data: only the bounds carry derivatives
  real g5 = integrate_1d(gauss, lo, hi, {1.0, 0.25}, scale, no_ints);
  expect(g5, gauss_integral(lo, hi, 1, 0.25, scale[1]), 1e-8, 17);
  expect(b1, exp(lbeta(alpha, beta)), 1e-7, 11);
  expect(b2, exp(lbeta(alpha, beta)), 1e-9, 12);
  expect(g1, gauss_integral(lo, hi, a, m, scale[1]), 1e-8, 13);
  // closed forms without infinite arguments: their derivatives would be
  // 0 * inf (the checks are inlined into the log density by --O1)
  expect(g2, scale[1] * sqrt(pi() / a) * (1 - Phi(-m * sqrt(2 * a))), 1e-8,
         14);
  expect(g3, scale[1] * sqrt(pi() / a) * Phi((hi - m) * sqrt(2 * a)), 1e-8,
         15);
  expect(g4, scale[1] * sqrt(pi() / a), 1e-8, 16);
  target += 0.3 * b1 - 0.2 * b2 + g1 + 0.5 * g2 - 0.4 * g3 + 0.1 * g4
            - 0.6 * g5;
}
