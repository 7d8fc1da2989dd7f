// ode_bdf_tol on Robertson's stiff chemical kinetics (Hairer and Wanner,
// Solving ODEs II, IV.1) with the rate constants as parameters around
// 0.04, 1e4 and 3e7 and the second species scaled by 1e4 (u = 1e4 y2, so
// that one tolerance suits all three; the eigenvalues, the stiffness, are
// unchanged): the forward sensitivities of the stiff solver against
// finite differences at the usual 1e-6.  (At 1e-13 the steps needed
// vary with the parameters: a limit near them made the validator's
// partial-eval job reject a point O0 accepted, from rounding alone; the
// stiff-versus-rk45 step counts are tests/unit/test_rt_ode_solvers.c's
// and tests/run/ode.sh's.)
functions {
  vector rober(real t, vector y, vector k) {
    vector[3] dy;
    dy[1] = -k[1] * y[1] + k[2] * y[2] * y[3];
    dy[2] = 1e4 * k[1] * y[1] - 1e4 * k[2] * y[2] * y[3]
            - 3e3 * k[3] * square(y[2]);
    dy[3] = 3e-1 * k[3] * square(y[2]);
    return dy;
  }
}
data {
  array[3] real ts;
  vector[3] y_obs;
}
parameters {
  real<lower=-1, upper=1> a;
  real<lower=-1, upper=1> b;
  real<lower=-1, upper=1> c;
}
model {
  vector[3] k = [0.04 * exp(a), exp(b), exp(c)]';
  array[3] vector[3] y = ode_bdf_tol(rober, [1, 0, 0]', 0, ts, 1e-13,
                                     1e-13, 100000, k);
  a ~ normal(0, 1);
  b ~ normal(0, 1);
  c ~ normal(0, 1);
  for (j in 1:3)
    y_obs ~ normal(y[j], 0.1);
}
