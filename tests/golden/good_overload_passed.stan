// A user function overloaded, passed to higher-order functions: each call
// takes the overload its further arguments fit, as stanc3's
// find_matching_first_order_fn (src/frontend/Typechecker.ml) chooses
// (stanc3 PR #1027: overloaded functions passed to map_rect, the ODE
// solvers, reduce_sum).  Only the first overload was tried.
functions {
  vector rhs(real t, vector y, vector k) {
    return -2 * k .* y;
  }
  vector rhs(real t, vector y, real k) {
    return -k * y;
  }
  real part_lpdf(array[] real s, int start, int end, vector sig) {
    return normal_lpdf(s | 0, sig[1]);
  }
  real part_lpdf(array[] real s, int start, int end, real sigma) {
    return normal_lpdf(s | 0, sigma);
  }
}
data {
  array[2] real ts;
  array[4] real y;
}
parameters {
  real<lower=0> k;
}
model {
  array[2] vector[1] ys = ode_rk45(rhs, [1.0]', 0, ts, k);
  array[2] vector[1] zs = ode_rk45(rhs, [1.0]', 0, ts, [k]');
  target += normal_lpdf(ys[2, 1] | zs[2, 1], 0.1);
  target += reduce_sum(part_lpdf, y, 1, k);
  target += reduce_sum(part_lpdf, y, 1, [k]');
}
