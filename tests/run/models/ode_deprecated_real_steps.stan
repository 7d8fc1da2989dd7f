// The deprecated ODE solvers' last control, max_num_steps, is a data real
// in Stan's signatures (stanc3 accepts integrate_ode_rk45(..., 1e-6,
// 1e-6, 1e3)), which many published models pass as 1e3 or 5e2; it was
// refused as "ill-typed arguments".  A real count is truncated to a long
// as Stan's C++ does.  Transformed data checks that a real and an int
// count give the same solution; the model sends theta through the solver
// with a real count so that the gradient meets finite differences.
// gradcheck: tolerance 1e-5
functions {
  array[] real decay(real t, array[] real y, array[] real theta,
                     array[] real x_r, array[] int x_i) {
    return {-theta[1] * y[1], theta[1] * y[1] - x_r[1] * y[2]};
  }
}
data {
  array[3] real ts;
  array[1] real x_r;
  real steps;
}
transformed data {
  array[0] int x_i;
  array[3, 2] real by_real = integrate_ode_rk45(decay, {1.0, 0.0}, 0, ts,
                                                {0.7}, x_r, x_i, 1e-8, 1e-8,
                                                steps);
  array[3, 2] real by_int = integrate_ode_rk45(decay, {1.0, 0.0}, 0, ts,
                                               {0.7}, x_r, x_i, 1e-8, 1e-8,
                                               100000);
  for (i in 1:3)
    for (j in 1:2)
      if (by_real[i, j] != by_int[i, j])
        reject("ode_deprecated_real_steps: ", by_real, " with steps ", steps,
               ", ", by_int, " with 100000");
}
parameters {
  array[1] real<lower=0> theta;
}
model {
  array[3, 2] real y = integrate_ode_bdf(decay, {1.0, 0.0}, 0, ts, theta,
                                         x_r, x_i, 1e-10, 1e-10, 1e5);
  theta ~ lognormal(0, 1);
  for (k in 1:3)
    y[k] ~ normal(0.3, 0.5);
}
