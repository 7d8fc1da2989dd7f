// User functions returning array[,] real and array[] matrix called inside
// the functions of higher-order calls, and those values passed on as
// their extra arguments (backend/emit_callback.c, emit_ode.c: the
// callbacks' contexts hold all their dimensions): reduce_sum slicing an
// array[,] real and an array[] matrix, an ODE right-hand side taking
// both.  Gradient-checked; the MIR interpreter runs it too (the
// validator).  fun_returns_rank_solvers.stan has the algebraic solver
// and map_rect, which the interpreter does not run.
functions {
  array[,] real grid(vector x, real w) {
    array[rows(x), 2] real r;
    for (i in 1:rows(x)) {
      r[i, 1] = square(x[i]);
      r[i, 2] = x[i] * w;
    }
    return r;
  }
  array[] matrix mats(vector x) {
    array[2] matrix[2, 2] a;
    for (k in 1:2)
      a[k] = rep_matrix(x[k], 2, 2) * k;
    return a;
  }
  real partial(array[,] real slice, int start, int end, vector x,
               array[] matrix ms) {
    real s = 0;
    for (i in 1:size(slice))
      s += slice[i, 1] * slice[i, 2] + grid(x, slice[i, 2])[1, 2];
    return s + sum(mats(x)[2]) * 0.01 + sum(ms[1]) * 0.01;
  }
  real partial_m(array[] matrix slice, int start, int end,
                 array[,] real g) {
    real s = 0;
    for (i in 1:size(slice))
      s += sum(slice[i]) * g[1, 2];
    return s;
  }
  vector rhs(real t, vector y, array[,] real g, array[] matrix ms) {
    return -y * (1 + 0.1 * g[2, 1]) + 0.01 * to_vector(mats(y)[2][1])
           + 0.01 * ms[1][1]';
  }
}
parameters {
  vector[2] x;
}
model {
  x ~ normal(0, 1);
  array[2, 2] real g = grid(x, 0.5);
  array[2] matrix[2, 2] ms = mats(x);
  target += -0.1 * reduce_sum(partial, g, 1, x, ms);
  target += -0.1 * reduce_sum(partial_m, ms, 1, g);
  target += -0.1 * reduce_sum(partial_m, mats(x), 1, grid(x, 2));
  array[1] vector[2] ys = ode_rk45_tol(rhs, x, 0, {1.0}, 1e-8, 1e-8, 10000,
                                       g, ms);
  target += -0.1 * sum(ys[1]);
}
