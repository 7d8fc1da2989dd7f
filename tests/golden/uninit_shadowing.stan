// --warn-uninitialized with one name in several scopes: each declaration
// is its own variable (a function's local named like the model's, a name
// declared again in a sibling block, a local declared in a loop body).
functions {
  real f(real mu) {
    real z = mu;
    return z;               // quiet: this z is f's
  }
}
parameters {
  real mu;
}
model {
  real z;
  {
    real w = 1;
    target += w;            // quiet
  }
  {
    real w;
    target += w;            // fires: another w
  }
  for (n in 1:2) {
    real v;
    if (mu > n) {
      v = 1;
    }
    target += v;            // fires: a fresh v each iteration
  }
  target += z + f(mu);      // fires at the model's z
}
