// User functions returning array[,] real inside the function of an
// algebraic solver and of map_rect, and an array[,] real passed on as
// the solver's extra argument (the callback context holds all its
// dimensions, backend/emit_callback.c).  Gradient-checked (the MIR
// interpreter runs neither solve_newton nor map_rect).
functions {
  array[,] real grid(vector x, real w) {
    array[rows(x), 2] real r;
    for (i in 1:rows(x)) {
      r[i, 1] = square(x[i]);
      r[i, 2] = x[i] * w;
    }
    return r;
  }
  vector alg(vector y, array[,] real g) {
    return y - to_vector(grid(y, g[1, 1])[, 2]) * 0.1 - 1;
  }
  vector mr(vector phi, vector theta, data array[] real xr,
            data array[] int xi) {
    return [sum(grid(theta, phi[1])[2])]';
  }
}
parameters {
  vector[2] x;
}
model {
  x ~ normal(0, 1);
  array[2, 2] real g = grid(x, 0.5);
  target += -0.1 * sum(solve_newton(alg, [1, 1]', g));
  target += -0.1 * sum(map_rect(mr, x, {x, 2 * x}, {{1.0}, {2.0}},
                                {{1}, {2}}));
}
