functions {
  real f(real t, vector y) {
    return t;
  }
}
transformed data {
  vector[1] y0 = [1]';
  array[1] vector[1] ys = ode_rk45(f, y0, 0.0, {1.0});
}
