// ode_rk45_tol with tight tolerances: the forward sensitivities against
// finite differences at the usual 1e-6, through every kind of argument
// (the initial state, scalar, vector and data extra arguments).
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
parameters {
  vector<lower=0>[2] z0;
  real<lower=0> a;
  vector<lower=0>[2] bc;
  real<lower=0> d;
}
model {
  array[3] vector[2] z = ode_rk45_tol(lv, z0, 0.0, ts, 1e-10, 1e-10, 100000,
                                      a, bc, d, xr);
  z0 ~ lognormal(0, 0.3);
  a ~ lognormal(0, 0.3);
  bc ~ lognormal(-1, 0.3);
  d ~ lognormal(-1, 0.3);
  for (k in 1:3)
    z[k] ~ lognormal(0, 1);
}
