// partial redundancy: a * b is computed on one arm of the if and after
// it; the other arm computes it too, so the computation after the if is
// a reuse.  In a function the same, with u * v.
functions {
  real f(real u, real v) {
    real w;
    if (u > 0) {
      w = u * v;
    } else {
      w = 1;
    }
    return w + u * v;
  }
}
data {
  real a;
  real b;
}
parameters {
  real y;
}
model {
  real w;
  if (a > 0) {
    w = a * b;
  } else {
    w = 1;
  }
  target += w * y + a * b + f(a, y);
}
