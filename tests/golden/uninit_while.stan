// --warn-uninitialized over while loops: the body may run zero times;
// a variable declared in the body is assigned afresh in each iteration.
parameters {
  real mu;
}
model {
  real a;
  int k = 0;
  while (k < 3) {
    a = k;
    k += 1;
  }
  target += a;            // fires: the body may not run
  while (k < 6) {
    real b;
    b = k;
    target += b;          // quiet
    real c;
    if (mu > k) {
      c = 1;
    }
    target += c;          // fires: a fresh c each iteration
    k += 1;
  }
}
