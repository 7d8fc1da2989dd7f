// dae called inside a user function (its callbacks named before the
// reverse functions are emitted) with data output times, and dae_tol in
// generated quantities; the residual may print (muted in the
// derivative callbacks).
functions {
  vector res(real t, vector y, vector yp, real k) {
    if (t > 100) print("late ", t);
    return yp + k * y;
  }
  array[] vector solve_it(vector y0, real k, data array[] real ts) {
    return dae(res, y0, -k * y0, 0, ts, k);
  }
}
data {
  array[2] real ts;
}
parameters {
  real<lower=0.1, upper=2> k;
  vector[2] y0;
}
model {
  array[2] vector[2] y = solve_it(y0, k, ts);
  y0 ~ normal(1, 1);
  target += -square(y[2][1] - 0.5);
}
generated quantities {
  array[2] vector[2] yg = dae_tol(res, y0, -k * y0, 0, ts, 1e-6, 1e-6, 1000, k);
}
