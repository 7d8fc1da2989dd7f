// dae's initial time and output times are data (Stan Functions
// Reference: data real initial_time, data array[] real times).
functions {
  vector res(real t, vector y, vector yp, real k) {
    return yp + k * y;
  }
}
parameters {
  real<lower=0> t1;
}
model {
  array[1] vector[1] y = dae(res, [1.0]', [-1.0]', 0, {t1}, 1.0);
}
