functions {
  real f(real x) {
    return x;
  }
}
model {
  f(1);
}
