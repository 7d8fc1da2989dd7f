// --warn-uninitialized over for loops: a body may run zero times unless
// the loop surely runs (literal bounds, or a data bound of at least 1);
// break and continue leave the rest of the body; what one iteration
// assigns at its end is read by the next one's start; a loop variable is
// never reported.
data {
  int N;
  int<lower=1> M;
}
parameters {
  real mu;
}
model {
  real a;
  real b;
  real c;
  real d;
  real e;
  real f;
  for (n in 1:N) {
    a = n;
  }
  target += a;            // fires: 1:N may run zero times
  for (i in 1:3) {
    b = i;
  }
  target += b;            // quiet: 1:3 runs
  for (m in 1:M) {
    c = m;
  }
  target += c;            // quiet: M is at least 1
  for (n in 1:3) {
    if (mu > n) {
      break;
    }
    d = n;
  }
  target += d;            // fires: break before the assignment
  for (n in 1:3) {
    if (mu > n) {
      continue;
    }
    e = n;
  }
  target += e;            // fires: every iteration may continue
  for (n in 1:N) {
    if (n > 1) {
      target += f;        // fires: f is assigned at the end of the body
    }
    f = n;
    target += n + f;      // quiet: f assigned just before; n is the loop's
  }
}
