// a copy is used only while neither variable is assigned again: never
// past a reassignment, never into a loop that reassigns, never a name
// outside its scope (z = t, t local to a block: z stays z after it)
parameters {
  real x;
}
model {
  real a = x;
  real b = a;
  target += b;
  a = 2 * x;
  target += b;
  real c = a;
  for (i in 1:3) {
    target += c;
    a = a + 1;
  }
  target += c;
  vector[2] u = [x, x]';
  vector[2] w = u;
  u[1] = 0;
  target += sum(w);
  real z;
  {
    real t = 2 * x;
    z = t;
  }
  target += z;
}
