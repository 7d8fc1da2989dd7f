// gradcheck: tolerance 1e-5
// (The sensitivities are the exact derivative of the steps taken, checked
// against closed forms and differences in tests/unit/test_rt_dae.c; but
// the solver's discrete choices, its order changes and the step onto each
// output time, make the computed solution piecewise smooth in the
// parameters, with jumps of about 1e-10 in this log density, which the
// five-point differences at steps 1e-3 to 1e-5 turn into disagreements up
// to 1.4e-6 at these points.)
// dae on Robertson's chemical kinetics written as an index-1 DAE (the
// SUNDIALS IDA example idaRoberts_dns; Hairer and Wanner, Solving ODEs II,
// IV.1): two differential equations and the conservation law
// y1 + y2 + y3 = 1 as the algebraic one.  The rate constants k1 and k2
// are parameters passed one by one (k3 is data), the initial state is
// consistent with a parameter y1(0) = u, and its derivative depends on
// the parameters too (its gradient is 0: a consistent solution does not
// depend on it).  Stan's default tolerances (1e-10).
functions {
  vector chem(real t, vector y, vector yp, real k1, real k2, data real k3) {
    vector[3] r;
    r[1] = yp[1] + k1 * y[1] - k2 * y[2] * y[3];
    r[2] = yp[2] - k1 * y[1] + k2 * y[2] * y[3] + k3 * square(y[2]);
    r[3] = y[1] + y[2] + y[3] - 1;
    return r;
  }
}
data {
  array[3] real ts;
  real k3;
  vector[3] y_obs;
}
parameters {
  real<lower=-1, upper=1> a;
  real<lower=-1, upper=1> b;
  real<lower=0.5, upper=1> u;
}
model {
  real k1 = 0.04 * exp(a);
  real k2 = 1e4 * exp(b);
  vector[3] y0 = [u, 0, 1 - u]';
  vector[3] yp0 = [-k1 * u, k1 * u, 0]';
  array[3] vector[3] y = dae(chem, y0, yp0, 0, ts, k1, k2, k3);
  a ~ normal(0, 1);
  b ~ normal(0, 1);
  for (j in 1:3)
    y_obs ~ normal(y[j], 0.1);
}
