functions {
  real f(data array[] real xs) {
    return sum(xs);
  }
}
parameters {
  real y;
}
model {
  target += f({1.0, 2.0}) * y;
}
