// Tuples among the trailing arguments of the higher-order functions that
// pass them to their function (Stan Functions Reference, "Variadic ODE
// solvers", "Algebraic equation solvers", "Reduce-sum": any argument
// type): the function's tuple arguments are taken apart into their slots
// and the calls pass the slots, aligned from the end (mir/untuple_calls.c).
// reduce_sum of such a function, or over an array of tuples, is the
// direct call f(x, 1, size(x), ...): the slice's slots are arguments of
// their own.
functions {
  vector rhs(real t, vector y, tuple(real, array[] real) th) {
    return -th.1 * y + th.2[1];
  }
  vector alg(vector x, tuple(real, vector) p) {
    return x - p.1 * p.2;
  }
  real part(array[] real slice, int start, int end, tuple(real, real) sh) {
    return normal_lpdf(slice | sh.1, sh.2);
  }
  real part_tuples(array[] tuple(real, int) slice, int start, int end,
                   real mu) {
    real s = 0;
    for (i in 1:size(slice))
      s += slice[i].2 * normal_lpdf(slice[i].1 | mu, 2);
    return s;
  }
}
data {
  array[3] real y;
  array[3] tuple(real, int) yw;
}
parameters {
  real<lower=0> k;
}
model {
  tuple(real, array[1] real) th = (k, {0.5});
  array[2] vector[1] ys = ode_bdf_tol(rhs, [1.0]', 0, {1.0, 2.0}, 1e-8,
                                     1e-8, 1000, th);
  vector[2] s = solve_powell(alg, [1, 1]', (k, [1.0, 2.0]'));
  target += reduce_sum(part, y, 1, (k, 2.0))
            + reduce_sum_static(part_tuples, yw, 2, k);
}
