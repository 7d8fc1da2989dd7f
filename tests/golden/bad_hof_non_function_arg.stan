transformed data {
  real x = 1;
  vector[1] y0 = [1]';
  array[1] vector[1] ys = ode_rk45(x, y0, 0.0, {1.0});
}
