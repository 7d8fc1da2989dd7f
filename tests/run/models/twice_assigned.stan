// Variables written more than once, or whose assignment reads them, keep
// their old values for the reverse sweep (backend/emit_final.c,
// em_old_unneeded must say no): a transformed parameter assigned twice,
// a local whose second assignment reads it, one assigned in a loop, one
// assigned by an element and then whole, one read before its assignment.
data {
  int<lower=1> N;
  vector[N] y;
}
parameters {
  real a;
  real<lower=0> s;
  vector[N] z;
}
transformed parameters {
  vector[N] theta = a + s * z;
  theta = theta .* theta + z;
  real t2;
  t2 = a * s;
  t2 = t2 * a + 1;
}
model {
  vector[N] w = z * a;
  w = w + s;
  real q = a;
  for (n in 1:N)
    q = q * 0.5 + z[n];
  vector[N] e;
  e[1] = a;
  e = z * s;
  real c;
  real d = is_nan(c) ? a : s;
  c = d * 2;
  target += -0.5 * dot_self(y - theta) - 0.1 * dot_self(w) - square(q)
            - 0.3 * dot_self(e) - square(c) - square(t2);
  z ~ normal(0, 1);
  a ~ normal(0, 2);
  s ~ lognormal(0, 0.5);
}
