// The residual of dae takes the state's derivative after the state
// (Stan Functions Reference, "Differential-Algebraic equation (DAE)
// solver": vector residual(real t, vector y, vector y', ...)); an ODE
// right-hand side is not one.
functions {
  vector rhs(real t, vector y, real k) {
    return -k * y;
  }
}
transformed data {
  array[1] vector[1] y = dae(rhs, [1.0]', [-1.0]', 0, {1.0}, 1.0);
}
