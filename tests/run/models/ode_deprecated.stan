// The deprecated interface (Stan Functions Reference, "Removed
// functions": integrate_ode_rk45, integrate_ode_bdf, integrate_ode_adams)
// with an int initial time and int output times, with and without the
// tolerances: f(t, y, theta, x_r, x_i) on arrays, the result array[,]
// real; sensitivities through y0 and theta against finite differences
// (integrate_ode_bdf at its default 1e-10 is accurate to about 1e-9,
// which the differences divide by their step):
// gradcheck: tolerance 1e-5
functions {
  array[] real sho(real t, array[] real y, array[] real theta,
                   array[] real x_r, array[] int x_i) {
    array[2] real dydt;
    dydt[1] = y[2];
    dydt[2] = -y[1] - theta[1] * y[2] + x_r[1] * x_i[1];
    return dydt;
  }
}
data {
  array[3] int ts;
  array[1] real x_r;
  array[1] int x_i;
}
parameters {
  array[2] real<lower=0> y0;
  array[1] real<lower=0> theta;
}
model {
  array[3, 2] real yr = integrate_ode_rk45(sho, y0, 0, ts, theta, x_r, x_i,
                                           1e-10, 1e-10, 1000000);
  array[3, 2] real yb = integrate_ode_bdf(sho, y0, 0, ts, theta, x_r, x_i);
  array[3, 2] real ya = integrate_ode_adams(sho, y0, 0, ts, theta, x_r,
                                            x_i, 1e-13, 1e-13, 100000000);
  y0 ~ lognormal(0, 1);
  theta ~ lognormal(0, 1);
  for (k in 1:3) {
    yr[k] ~ normal(0, 1);
    yb[k] ~ normal(0.1, 1);
    ya[k] ~ normal(-0.1, 1);
  }
}
