// ode_rk45 whose solution never needs a derivative (transformed data and
// generated quantities): the derivative callback (ode_vjp) of its
// function is emitted but not called, which must not stop the emitted C
// from compiling under -Wall -Werror (it is MAYBE_UNUSED).  Transformed
// data checks the solution against its closed form.
functions {
  vector decay(real t, vector y, real k) {
    return -k * y;
  }
}
data {
  real k;
}
transformed data {
  array[1] vector[1] y = ode_rk45_tol(decay, [2.0]', 0, {1.5}, 1e-10, 1e-10,
                                     100000, k);
  if (abs(y[1][1] - 2 * exp(-1.5 * k)) > 1e-8)
    reject("ode_values_only: y(1.5) = ", y[1][1], ", expected ",
           2 * exp(-1.5 * k));
}
parameters {
  real mu;
}
model {
  mu ~ normal(y[1][1], 1);
}
generated quantities {
  array[1] vector[1] z = ode_rk45(decay, [2.0]', 0, {1.5}, mu);
}
