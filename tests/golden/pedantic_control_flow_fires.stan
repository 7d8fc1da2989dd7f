functions {
  real f(real x) {
    if (x > 0) {
      return x;
    }
    return -x;
  }
}
parameters {
  real a;
}
model {
  // x depends on parameter a
  real x = a * a;
  int m;
  // the if-then-else depends on x which depends on a
  if (x > 0) {
    m = 1;
  } else {
    m = 2;
  }
  // for loop depends on m -> x -> a
  for (i in 0:m) {
    a ~ normal(i, 1);
  }
  while (a > 10 && m < 0) {
    m += 1;
  }
  target += f(a);
}
