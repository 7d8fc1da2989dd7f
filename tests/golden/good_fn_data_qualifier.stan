functions {
  real scale(data real s, real x) {
    return s * x;
  }
}
data {
  real s;
}
parameters {
  real x;
}
model {
  target += scale(s, x);
}
