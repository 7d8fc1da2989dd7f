// User functions, one recursive: nested lists expanded two levels deep.
functions {
  int fib(int n) {
    if (n <= 1) {
      return n;
    }
    return fib(n - 1) + fib(n - 2);
  }
  real scaled(real x, real s) {
    return x * s;
  }
}
data {
  real s;
}
parameters {
  real theta;
}
model {
  real m = scaled(theta, s);
  target += normal_lpdf(m | fib(3), 1);
}
