functions {
  vector rhs(real t, vector y) {
    return -y;
  }
}
transformed data {
  real tol = 1e-6;
  vector[2] y0 = [1, 2]';
  array[2] vector[2] ys = ode_bdf_tol(rhs, y0, 0, {1.0, 2.0}, tol, tol, 100);
}
