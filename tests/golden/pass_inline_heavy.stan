// The size rule of inlining: a function with a large body called from
// several places is not inlined (that would multiply the work and the code
// that stanc3 once made five times slower); the same body called from one
// place is; @inline lifts the limit.
functions {
  real heavy(vector x) {
    real s = 0;
    for (i in 1:rows(x)) {
      s += exp(x[i]) + log1p(x[i] * x[i]) + sin(x[i]) * cos(x[i]);
      s += exp(-x[i]) + log1p(2 * x[i] * x[i]) + sin(2 * x[i]);
      s += exp(x[i] / 2) + log1p(3 * x[i] * x[i]) + cos(3 * x[i]);
    }
    return s;
  }
  real heavy_once(vector x) {
    real s = 0;
    for (i in 1:rows(x)) {
      s += exp(x[i]) + log1p(x[i] * x[i]) + sin(x[i]) * cos(x[i]);
      s += exp(-x[i]) + log1p(2 * x[i] * x[i]) + sin(2 * x[i]);
      s += exp(x[i] / 2) + log1p(3 * x[i] * x[i]) + cos(3 * x[i]);
    }
    return s;
  }
  @inline real heavy_forced(vector x) {
    real s = 0;
    for (i in 1:rows(x)) {
      s += exp(x[i]) + log1p(x[i] * x[i]) + sin(x[i]) * cos(x[i]);
      s += exp(-x[i]) + log1p(2 * x[i] * x[i]) + sin(2 * x[i]);
      s += exp(x[i] / 2) + log1p(3 * x[i] * x[i]) + cos(3 * x[i]);
    }
    return s;
  }
}
data {
  vector[3] x;
}
transformed data {
  real a = heavy(x);
  real b = heavy(x);
  real c = heavy_once(x);
  real d = heavy_forced(x);
  real e = heavy_forced(x);
}
