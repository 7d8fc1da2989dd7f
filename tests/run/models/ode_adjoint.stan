// ode_adjoint_tol_ctl (Stan Functions Reference, "Adjoint ODE solver"),
// with both forward solvers (solver_forward 1: Adams, 2: BDF): its
// gradient, from forward sensitivities here, against finite differences
// through the initial state and scalar, vector and data extra arguments.
// Tight forward tolerances, as ode_solvers_sens explains; the backward and
// quadrature controls are checked but do not change the solution.
functions {
  vector lv(real t, vector z, real a, vector bc, real d, array[] real xr) {
    vector[2] dz;
    dz[1] = (a - bc[1] * z[2]) * z[1] + xr[1];
    dz[2] = (-bc[2] + d * z[1]) * z[2];
    return dz;
  }
}
data {
  array[3] real ts;
  array[1] real xr;
}
transformed data {
  vector[2] tight = rep_vector(1e-13, 2);
}
parameters {
  vector<lower=0>[2] z0;
  real<lower=0> a;
  vector<lower=0>[2] bc;
  real<lower=0> d;
}
model {
  array[3] vector[2] za = ode_adjoint_tol_ctl(lv, z0, 0, ts, 1e-13, tight,
                                              1e-6, [1e-6, 1e-6]', 1e-6,
                                              1e-6, 1000000, 150, 1, 1, 2,
                                              a, bc, d, xr);
  array[3] vector[2] zb = ode_adjoint_tol_ctl(lv, z0, 0.0, ts, 1e-13, tight,
                                              1e-6, [1e-6, 1e-6]', 1e-6,
                                              1e-6, 1000000, 150, 2, 2, 1,
                                              a, bc, d, xr);
  z0 ~ lognormal(0, 0.3);
  a ~ lognormal(0, 0.3);
  bc ~ lognormal(-1, 0.3);
  d ~ lognormal(-1, 0.3);
  for (k in 1:3) {
    za[k] ~ lognormal(0.1, 1);
    zb[k] ~ lognormal(-0.1, 1);
  }
}
