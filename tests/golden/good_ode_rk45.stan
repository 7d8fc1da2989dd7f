functions {
  vector decay(real t, vector y, real k) {
    return -k * y;
  }
}
data {
  array[3] real ts;
}
parameters {
  real<lower=0> k;
}
transformed parameters {
  array[3] vector[1] ys = ode_rk45(decay, [1.0]', 0.0, ts, k);
}
