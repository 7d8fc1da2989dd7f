// --warn-uninitialized over branches: assigned on both arms is assigned;
// on one arm only, or in an if without else, it may not be.
parameters {
  real mu;
}
model {
  real a;
  real b;
  real c;
  if (mu > 0) {
    a = 1;
    b = 1;
  } else {
    a = 2;
  }
  if (mu > 1) {
    c = 3;
  }
  target += a;   // quiet: both arms assign a
  target += b;   // fires: the else arm does not assign b
  target += c;   // fires: no else
  if (mu > 2) {
    target += c; // fires again: one warning per place
  }
}
