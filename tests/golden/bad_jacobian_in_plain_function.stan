functions {
  real f(real x) {
    jacobian += x;
    return x;
  }
}
