functions {
  vector sys(vector x, real a) {
    return [x[1] - a, x[2] - 2 * a]';
  }
}
parameters {
  real a;
}
transformed parameters {
  vector[2] x = solve_newton(sys, [1, 1]', a);
}
