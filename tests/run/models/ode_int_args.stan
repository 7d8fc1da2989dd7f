// ode_rk45_tol with ints where the right-hand side takes reals (an int
// scalar and an int array; Stan promotes them), next to a parameter
// (backend/emit_callback.c fills the solver's context by the function's
// parameter types: the ints were handed to it as ints, and the function
// read them as doubles).  The model checks the solution against its closed
// form, y(t) = c / k + (y0 - c / k) exp(-k t), and the gradient meets
// finite differences.
functions {
  vector rhs(real t, vector y, real k, real c, array[] real w) {
    return -k * y + c * w[1];
  }
}
data {
  int c;
  array[1] int w;
}
parameters {
  real<lower=0.5, upper=2> k;
}
model {
  array[2] vector[1] y = ode_rk45_tol(rhs, [1.0]', 0, {0.5, 1.0}, 1e-10,
                                      1e-10, 100000, k, c, w);
  for (i in 1:2) {
    real t = 0.5 * i;
    real want = c * w[1] / k + (1 - c * w[1] / k) * exp(-k * t);
    if (abs(y[i][1] - want) > 1e-8)
      reject("ode_int_args: y(", t, ") = ", y[i][1], ", expected ", want);
  }
  target += y[1][1] - 0.5 * y[2][1];
}
