// --warn-uninitialized in functions: arguments are assigned by the call;
// a return ends a path; function names (called, or passed to a
// higher-order function) are never variables.
functions {
  real f(real x) {
    real y;
    if (x > 0) {
      y = 1;
    } else {
      return 0;
    }
    return y + x;           // quiet: the else arm returned
  }
  real g(real x) {
    real y;
    if (x > 0) {
      y = 1;
    }
    return y;               // fires
  }
  real h(int n) {
    real s;
    for (i in 1:n) {
      s = i;
      return s;             // quiet
    }
    return s;               // fires: the loop may not run
  }
  real partial_sum(array[] real slice, int start, int end, real mu) {
    return normal_lpdf(slice | mu, 1);
  }
}
data {
  int N;
  array[N] real ys;
}
parameters {
  real mu;
}
model {
  target += f(mu) + g(mu) + h(N);
  target += reduce_sum(partial_sum, ys, 1, mu);
}
