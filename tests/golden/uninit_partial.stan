// --warn-uninitialized with element assignment: as stanc3, assigning part
// of a variable (v[1] = ..., m[1, 2] = ...) counts as assigning it; the
// analysis does not follow elements.  A compound assignment reads first.
// A vector filled element by element in a loop that may run zero times
// may not be assigned (as in stanc3): with a data size of at least 1 it is.
data {
  int N;
  int<lower=1> K;
}
parameters {
  real mu;
}
model {
  vector[N] v;
  array[2] real a;
  matrix[2, 2] m;
  matrix[2, 2] m2;
  real t;
  v[1] = mu;
  target += sum(v);         // quiet: v was assigned in part
  a[1] = 1;
  target += a[2];           // quiet too: elements are not followed
  m2[1, 2] = mu;
  target += m2[2, 1];       // quiet
  target += m[1, 1];        // fires: m is never assigned
  t += mu;                  // fires: t += mu reads t
  vector[N] w;
  vector[K] u;
  for (n in 1:N) {
    w[n] = n;
  }
  for (k in 1:K) {
    u[k] = k;
  }
  target += sum(w);         // fires: 1:N may run zero times
  target += sum(u);         // quiet: 1:K runs
}
