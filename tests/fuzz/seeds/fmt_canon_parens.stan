functions {
  real f(real x);
  real f(real x) {
    return ((x));
  }
}
parameters {
  real<lower=((0))> s;
}
model {
  array[3] real a;
  int c = 1 < 2 >= (3) == ((4 != 5));
  a[(1) : (2)] = a[(2) : ((3))];
  if (s) s ~ normal(-(-(s)), ((1 + 1)));
  else { if (!s || s && 1) s ~ normal(0, 1); }
  while (((s > 1))) break;
  tuple(real, int) t = ((((s + 1)), (2)));
  a[1] = ((t)).1 + (((t.2)));
}
