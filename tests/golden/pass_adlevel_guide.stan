// The user guide's example of AD-level optimization.
data {
  real y;
}
model {
  real x = y + 1;
}
