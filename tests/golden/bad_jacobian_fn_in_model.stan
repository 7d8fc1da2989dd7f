functions {
  real f_jacobian(real x) {
    jacobian += x;
    return x;
  }
}
parameters {
  real y;
}
model {
  target += f_jacobian(y);
}
