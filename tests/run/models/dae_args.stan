// gradcheck: tolerance 1e-5
// (The sensitivities are the exact derivative of the steps taken, checked
// against closed forms and differences in tests/unit/test_rt_dae.c; but
// the solver's discrete choices, its order changes and the step onto each
// output time, make the computed solution piecewise smooth in the
// parameters, with jumps of about 1e-10 in this log density, which the
// five-point differences at steps 1e-3 to 1e-5 turn into disagreements up
// to 1.4e-6 at these points.)
// dae_tol with every kind of extra argument: a vector, a real array, a
// matrix and an int passed to the residual, parameters and data, an int
// initial time; the residual is a damped oscillator y1' = y2,
// y2' = -w^2 y1 - c y2 (w from theta, c from the matrix) with the
// algebraic y3 = y1 + s y2 (s from the array), written implicitly.  The
// initial state and its derivative are parameters: the gradient reaches
// y0 through the sensitivities and yp0's is 0.
functions {
  vector osc(real t, vector y, vector yp, vector theta, array[] real s,
             matrix C, int n) {
    vector[3] r;
    r[1] = yp[1] - y[2];
    r[2] = yp[2] + square(theta[1]) * y[1] + C[1, 2] * y[2] + n * 0 * t;
    r[3] = y[3] - y[1] - s[1] * y[2];
    return r;
  }
}
data {
  int n;
  array[2] real ts;
  vector[3] y_obs;
}
parameters {
  vector<lower=0.5, upper=2>[2] theta;
  array[1] real<lower=-1, upper=1> s;
  real<lower=0, upper=0.5> c;
  real<lower=0.5, upper=1.5> v1;
}
model {
  matrix[2, 2] C = [[0, c], [0, 0]];
  vector[3] y0 = [v1, 0, v1]';
  vector[3] yp0 = [0, -square(theta[1]) * v1, 0]';
  array[2] vector[3] y = dae_tol(osc, y0, yp0, 0, ts, 1e-10, 1e-10, 100000,
                                 theta, s, C, n);
  for (j in 1:2)
    y_obs ~ normal(y[j], 0.5);
}
