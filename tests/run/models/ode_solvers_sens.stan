// ode_ckrk_tol, ode_adams_tol and ode_bdf_tol with tight tolerances (the
// multistep methods' global error is 10 to 100 times their tolerance, and
// their values are not smooth in the parameters at that level, which the
// finite differences divide by h): the forward sensitivities against
// finite differences at the usual 1e-6,
// through every kind of argument (the initial state, scalar, vector and
// data extra arguments, an int extra argument).
functions {
  vector lv(real t, vector z, real a, vector bc, real d, array[] real xr,
            int sign) {
    vector[2] dz;
    dz[1] = (a - bc[1] * z[2]) * z[1] + sign * xr[1];
    dz[2] = (-bc[2] + d * z[1]) * z[2];
    return dz;
  }
}
data {
  array[3] real ts;
  array[1] real xr;
}
parameters {
  vector<lower=0>[2] z0;
  real<lower=0> a;
  vector<lower=0>[2] bc;
  real<lower=0> d;
}
model {
  array[3] vector[2] zc = ode_ckrk_tol(lv, z0, 0.0, ts, 1e-10, 1e-10,
                                       1000000, a, bc, d, xr, 1);
  array[3] vector[2] za = ode_adams_tol(lv, z0, 0, ts, 1e-13, 1e-13,
                                        1000000, a, bc, d, xr, 1);
  array[3] vector[2] zb = ode_bdf_tol(lv, z0, 0, ts, 1e-13, 1e-13, 1000000,
                                      a, bc, d, xr, 1);
  z0 ~ lognormal(0, 0.3);
  a ~ lognormal(0, 0.3);
  bc ~ lognormal(-1, 0.3);
  d ~ lognormal(-1, 0.3);
  for (k in 1:3) {
    zc[k] ~ lognormal(0, 1);
    za[k] ~ lognormal(0.1, 1);
    zb[k] ~ lognormal(-0.1, 1);
  }
}
