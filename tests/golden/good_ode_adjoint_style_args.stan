functions {
  vector rhs(real t, vector y, vector theta, array[] real extra) {
    return -theta .* y;
  }
}
data {
  array[2] real ts;
  vector[2] y0;
  real r;
  array[1] real ex;
}
parameters {
  vector<lower=0>[2] th;
}
transformed parameters {
  array[2] vector[2] ys = ode_rk45_tol(rhs, y0, 0, ts, r, r, 99, th, ex);
}
