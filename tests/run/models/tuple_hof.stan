// gradcheck: tolerance 1e-5
// Tuple arguments of overloaded user functions and of functions passed
// to higher-order functions (Stan Functions Reference: the variadic ODE
// solvers, the algebraic solvers and reduce_sum pass their trailing
// arguments, of any type, to their function): mir/untuple_calls.c takes
// them apart, renames the overload (f_ov1) and passes the slots.
// reduce_sum over an array of tuples slices the tuples.
functions {
  real f(tuple(real, vector) p) {
    return p.1 + sum(p.2);
  }
  real f(real x) {
    return 2 * x;
  }
  real f(real a, real b) {
    return a * b;
  }
  real h_lpdf(real y, tuple(real, real) p) {
    return normal_lpdf(y | p.1, p.2);
  }
  real part(array[] real slice, int start, int end,
            tuple(real, vector) sh) {
    return normal_lpdf(slice | sh.1, exp(sh.2[1]));
  }
  real part_tuples(array[] tuple(real, int) slice, int start, int end,
                   real mu) {
    real s = 0;
    for (i in 1:size(slice))
      s += slice[i].2 * normal_lpdf(slice[i].1 | mu, 2);
    return s;
  }
  vector rhs(real t, vector y, tuple(real, array[] real) th) {
    return -th.1 * y + th.2[1];
  }
  vector alg(vector x, tuple(real, vector) p) {
    return x - p.1 * p.2;
  }
}
data {
  int N;
  array[N] real y;
  array[N] tuple(real, int) yw;
}
parameters {
  real mu;
  vector[1] ls;
  real<lower=0.5, upper=2> k;
}
model {
  tuple(real, vector[1]) t = (mu, ls);
  target += -0.5 * square(f(t)) - 0.1 * f(mu, mu) + f(1.5);
  mu ~ h((0.0, 2.0));
  target += h_lupdf(ls[1] | (0.0, 1.5));
  target += reduce_sum(part, y, 1, (mu, ls));
  target += reduce_sum_static(part_tuples, yw, 2, mu);
  array[1] real c = {0.5};
  array[2] vector[1] ys = ode_rk45(rhs, [1.0]', 0, {1.0, 2.0}, (k, c));
  target += normal_lpdf(ys[2][1] | 0.5, 0.1);
  vector[2] s = solve_newton(alg, [1, 1]', (k, [1.0, 2.0]'));
  target += -square(s[2] - 2);
  k ~ lognormal(0, 1);
}
