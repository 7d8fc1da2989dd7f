// target() in the model block and in _lp functions, with derivatives
// (Stan Reference Manual, "Program blocks" / "Function bodies": target()
// may be used in the model block and in functions ending in _lp; it is
// the log density so far, Jacobian terms included).  Its value feeds
// later terms nonlinearly, so every term added before a read gets the
// read's adjoint too, the constraints' log-Jacobians included.
functions {
  real tgt_lp(real x) {
    target += normal_lpdf(x | 0, 2);
    real t = target();
    target += 0.1 * log1p_exp(0.01 * t);
    return 0.01 * t;
  }
  void add_lp(vector v) {
    target += -1e-4 * square(target());
    target += normal_lpdf(v | 0, 1);
  }
  real outer_lp(real x) {
    real r = tgt_lp(x);
    return r + 0.001 * target();
  }
  real mixed_lp(real x) {
    // reads of target() and then an _lp call that reads it, in one
    // statement
    return 0.001 * target() * (1 + 0.002 * target()) + tgt_lp(x);
  }
}
data {
  int N;
  vector[N] y;
}
parameters {
  real mu;
  real<lower=0> sigma;
  simplex[3] theta;
  real<lower=-1, upper=mu + 3> b;
  real<offset=mu, multiplier=sigma> z;
}
model {
  real a = tgt_lp(mu);
  target += normal_lpdf(y | mu + a, sigma);
  add_lp(theta);
  target += 0.5 * target();
  target += log1p(exp(0.01 * target()));
  target += normal_lpdf(b | 0, 1) + normal_lpdf(z | 0, 1);
  target += outer_lp(sigma);
  if (target() < 1e10) target += -0.5 * square(sigma);
  target += target() * 1e-3 + target() * 1e-3;
  target += 1e-3 * target() + mixed_lp(b);
  real c = tgt_lp(z);
  target += tgt_lp(0.5 * c) * 0.1;
}
