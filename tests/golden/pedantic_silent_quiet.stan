// @silent on a parameter and on a function: nothing is said about them
functions {
  @silent
  real shift_jacobian(real x, real a) {
    return x + a;
  }
  @silent
  real f(real x) {
    if (x > 0) {
      return x;
    }
    return -x;
  }
}
parameters {
  @silent real a;
  @silent real<lower=-2, upper=5> c;
  @silent real x;
}
model {
  c ~ normal(0, 1);
  c ~ uniform(-1, 1);
  target += f(c);
  x ~ normal(-100, 0 - 1);
}
