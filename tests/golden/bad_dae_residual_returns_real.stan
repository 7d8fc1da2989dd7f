// The residual of dae returns a vector (Stan Functions Reference,
// "Differential-Algebraic equation (DAE) solver").
functions {
  real res(real t, vector y, vector yp, real k) {
    return yp[1] + k * y[1];
  }
}
transformed data {
  array[1] vector[1] y = dae(res, [1.0]', [-1.0]', 0, {1.0}, 1.0);
}
