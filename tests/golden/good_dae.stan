// dae and dae_tol as the Stan Functions Reference ("Differential-Algebraic
// equation (DAE) solver") declares them: the residual
// vector residual(real t, vector y, vector y', ...) and its extra
// arguments, the initial state and its derivative, a data initial time and
// data output times, and for dae_tol data tolerances and an int maximum
// number of steps.  Chemical kinetics with a conservation law.
functions {
  vector chem(real t, vector yy, vector yp, real k1, real k2, data real k3) {
    vector[3] res;
    res[1] = yp[1] + k1 * yy[1] - k2 * yy[2] * yy[3];
    res[2] = yp[2] - k1 * yy[1] + k2 * yy[2] * yy[3] + k3 * yy[2] ^ 2;
    res[3] = yy[1] + yy[2] + yy[3] - 1.0;
    return res;
  }
}
data {
  int N;
  array[N] real ts;
  real k3;
}
parameters {
  real<lower=0> k1;
  real<lower=0> k2;
}
transformed parameters {
  vector[3] yy0 = [1, 0, 0]';
  vector[3] yp0 = [-k1, k1, 0]';
  array[N] vector[3] y = dae(chem, yy0, yp0, 0, ts, k1, k2, k3);
  array[N] vector[3] z = dae_tol(chem, yy0, yp0, 0.0, ts, 1e-8, 1e-9, 10000,
                                 k1, k2, k3);
}
model {
  k1 ~ lognormal(log(0.04), 0.1);
  k2 ~ lognormal(log(1e4), 0.1);
}
