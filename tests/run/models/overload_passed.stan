// overloads of one arity called directly and passed to ode_rk45 and
// reduce_sum: each call uses the overload its arguments fit
functions {
  vector rhs(real t, vector y, vector k) { return -2 * k .* y; }
  vector rhs(real t, vector y, real k) { return -k * y; }
  real g(vector v) { return 10 * sum(v); }
  real g(real x) { return x; }
  real part_lpdf(array[] real s, int start, int end, vector sig) {
    return normal_lpdf(s | 0, 100 * sig[1]);
  }
  real part_lpdf(array[] real s, int start, int end, real sigma) {
    return normal_lpdf(s | 0, sigma);
  }
}
data { array[2] real ts; array[4] real y; }
parameters { real<lower=0> k; }
model {
  array[2] vector[1] ys = ode_rk45(rhs, [1.0]', 0, ts, k);
  target += normal_lpdf(ys[2, 1] | 0.5, 0.1);
  target += reduce_sum(part_lpdf, y, 1, k);
  target += g(k);
}
