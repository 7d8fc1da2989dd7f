// dae_tol's tolerances are data (Stan Functions Reference: data real
// rel_tol, data real abs_tol).
functions {
  vector res(real t, vector y, vector yp, real k) {
    return yp + k * y;
  }
}
parameters {
  real<lower=0> rtol;
}
model {
  array[1] vector[1] y = dae_tol(res, [1.0]', [-1.0]', 0, {1.0}, rtol, 1e-8,
                                 1000, 1.0);
}
