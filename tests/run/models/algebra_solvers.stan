// gradcheck: also --O1
// The algebraic solvers (backend/emit_solve.c, runtime/solve.c):
// solve_newton, solve_newton_tol, solve_powell, solve_powell_tol, and the
// deprecated algebra_solver and algebra_solver_newton with and without
// their tolerances (Stan Functions Reference, "Algebraic equation
// solvers").  Transformed data checks roots against closed forms, with an
// int where the system takes a real; the model checks the roots at each
// point and sends parameters through every form, so that the gradient of
// a root (the implicit function theorem) meets finite differences, also
// for a solve inside a user function.
functions {
  void expect(vector got, vector want, real tol, int id) {
    if (num_elements(got) != num_elements(want)
        || max(abs(got - want)) > tol)
      reject("algebra_solvers: check ", id, " gives ", got, ", expected ",
             want);
  }
  // root (a, b[1] / a, c) with c^3 + c = b[2]
  vector sys(vector y, real a, vector b) {
    return [y[1] - a, y[1] * y[2] - b[1], y[3] ^ 3 + y[3] - b[2]]';
  }
  // root (theta[1] * x_i[1], log(theta[2] + x_r[1]))
  vector old_sys(vector y, vector theta, data array[] real x_r,
                 array[] int x_i) {
    return [y[1] - theta[1] * x_i[1], exp(y[2]) - theta[2] - x_r[1]]';
  }
  vector inner(real a, vector b) {
    return solve_powell(sys, [1, 1, 1]', a, b);
  }
  vector want(real a, vector b, vector z) {
    return [a, b[1] / a, z[3]]';
  }
}
data {
  array[1] real x_r;
  array[1] int x_i;
}
transformed data {
  expect(solve_newton(sys, [1, 1, 1]', 2, [6, 10]'), [2, 3, 2]', 1e-8, 1);
  expect(solve_powell(sys, [1, 1, 1]', 2, [6, 10]'), [2, 3, 2]', 1e-8, 2);
  expect(algebra_solver(old_sys, [1, 1]', [1.5, 2]', x_r, x_i),
         [1.5 * x_i[1], log(2 + x_r[1])]', 1e-8, 3);
  expect(algebra_solver_newton(old_sys, [1, 1]', [1.5, 2]', x_r, x_i),
         [1.5 * x_i[1], log(2 + x_r[1])]', 1e-8, 4);
}
parameters {
  real<lower=0.5, upper=3> a;
  vector<lower=0.5, upper=3>[2] b;
}
model {
  vector[3] z1 = solve_newton(sys, [1, 1, 1]', a, b);
  vector[3] z2 = solve_newton_tol(sys, [1, 1, 1]', 1e-10, 1e-12, 100, a, b);
  vector[3] z3 = solve_powell(sys, [1, 1, 1]', a, b);
  vector[3] z4 = solve_powell_tol(sys, [1, 1, 1]', 1e-12, 1e-10, 500, a, b);
  vector[2] z5 = algebra_solver(old_sys, [1, 1]', b, x_r, x_i);
  vector[2] z6 = algebra_solver(old_sys, [1, 1]', b, x_r, x_i, 1e-12, 1e-10,
                                1000);
  vector[2] z7 = algebra_solver_newton(old_sys, [1, 1]', b, x_r, x_i);
  vector[2] z8 = algebra_solver_newton(old_sys, [1, 1]', b, x_r, x_i, 1e-10,
                                       1e-12, 100);
  vector[3] z9 = inner(a, b);
  vector[2] old = [b[1] * x_i[1], log(b[2] + x_r[1])]';
  expect(z2, want(a, b, z2), 1e-10, 11);
  expect([z2[3] ^ 3 + z2[3]]', [b[2]]', 1e-10, 12);
  expect(z1, z2, 1e-6, 13);
  expect(z3, z2, 1e-8, 14);
  expect(z4, z2, 1e-10, 15);
  expect(z5, old, 1e-8, 16);
  expect(z6, old, 1e-10, 17);
  expect(z7, old, 1e-6, 18);
  expect(z8, old, 1e-10, 19);
  expect(z9, z2, 1e-8, 20);
  // Newton at its default function tolerance (1e-6) stops at a root
  // only that close, and the gradient there is as far from the
  // differences (6e-7 relative): those two forms weigh 1/100
  target += dot_product(z2 + z3 + z4 + z9 + 0.01 * z1, [0.3, -0.2, 0.5]')
            + dot_product(z5 + z6 + z8 + 0.01 * z7, [0.7, -0.4]');
}
