// expression propagation duplicates only pure expressions: never an RNG
// draw, a user function call, target(), nor past an assignment to a
// variable the expression reads; never into a check's or an output's
// variable; an indexed variable is never replaced by an expression
functions {
  real f(real x) {
    return x * 2;
  }
}
data {
  int m;
}
transformed data {
  int n = m + 1;
  array[n] int a;
  for (i in 1:(n - 1)) {
    a[i] = i;
  }
}
parameters {
  real x;
}
transformed parameters {
  real y = x + 1;
}
model {
  real s = x * x;
  real g = f(x);
  real t = target();
  real u = s + 1;
  s = 3;
  target += u + g + t + s + y;
  vector[2] w = [x, s]' * 2;
  target += w[1];
}
generated quantities {
  real d = normal_rng(0, 1);
  real e = d + 1;
  real e2 = d + 1;
}
