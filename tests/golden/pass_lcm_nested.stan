// nested redundancy: a * b + c is computed once into a temporary, then
// a * b, which that computation and w share, into another one (the
// outer expression first; the inner one in the next round of analysis).
data {
  real a;
  real b;
  real c;
}
parameters {
  real y;
}
model {
  real u = (a * b + c) * y;
  real v = (a * b + c) * 2;
  real w = a * b;
  target += -(u + v + w);
}
