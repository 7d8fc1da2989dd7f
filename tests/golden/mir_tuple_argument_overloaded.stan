// A user function's tuple arguments are taken apart into their slots
// (tests/run/models/tuple_functions), an overloaded function's too: the
// overload taken apart gets a name of its own (f_ov1: its slots could
// match another overload's arguments, here f(real, vector)), and each
// call is resolved to its overload as the typechecker resolves it (Stan
// Reference Manual, "Function overloading"); a call as h_lupdf keeps its
// suffix (h_ov4_lupdf drops constants).
functions {
  real f(array[] tuple(real, vector) xs) {
    return xs[1].1 + sum(xs[2].2);
  }
  real f(real x) {
    return x;
  }
  real f(real x, vector y) {
    return x + sum(y);
  }
  real h_lpdf(real y, tuple(real, real) p) {
    return normal_lpdf(y | p.1, p.2);
  }
  real h_lpdf(real y, real s) {
    return normal_lpdf(y | 0, s);
  }
}
parameters {
  real mu;
}
model {
  target += h_lupdf(mu | (0.0, 1.0)) + h_lpdf(mu | 2.0);
  mu ~ h((1.0, 2.0));
}
generated quantities {
  array[2] tuple(real, vector[2]) a = {(1.0, [1, 2]'), (2.0, [3, 4]')};
  real s = f(a) + f(1.5) + f(1, [1, 2]');
}
