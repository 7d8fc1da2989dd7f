// Unpacking assignment (Stan Reference Manual, "Assignment statements":
// the right-hand side is evaluated before any variable on the left is
// assigned): (u, w) = (w, u) swaps.  Lowering assigns the value to a
// temporary first; mir/untuple.c lets the temporary's uses stand for the
// value only when the unpacking assigns nothing the value reads, so
// here the temporary is kept (its slots, sym1___1__ and sym1___2__).  It
// assigned u = w; w = u (both w) before.
transformed data {
  real u = 1;
  real w = 2;
  array[2] real x = {3.0, 4.0};
  (u, w) = (w, u);
  (x[1], x[2]) = (x[2], u);
  (u, w) = (5.0, 6.0);
  print(u, " ", w, " ", x);
}
parameters {
  real mu;
}
model {
  mu ~ normal(u, w);
}
