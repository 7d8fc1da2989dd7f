// a loop whose bound has an effect (f() prints) cannot have a guard that
// evaluates the bound again: only what cannot fail and is cheap leaves
// it, unguarded (a * b, computed even if the loop does not run);
// sqrt(a) + checked(b), which calls a user function that may reject,
// stays in the loop (sqrt(a) alone, cheap, goes).  A loop that surely runs
// (1:3) needs no guard.
functions {
  int f(int n) {
    print("bound");
    return n;
  }
  real checked(real x) {
    if (x < 0) reject("negative: ", x);
    return x;
  }
}
data {
  int<lower=0> N;
  real a;
  real b;
}
generated quantities {
  real t = 0;
  for (n in 1:f(N)) {
    t += a * b * n;
    t += sqrt(a) + checked(b);
  }
  for (k in 1:3) {
    t += exp(b) * k;
  }
}
