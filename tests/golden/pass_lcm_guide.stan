// the user guide's lazy code motion example: sqrt(10), computed in the
// loop and after it, is computed once before the loop
model {
  real x;
  real y;
  real z;

  for (i in 1:10) {
    x = sqrt(10);
    y = sqrt(i);
  }
  z = sqrt(10);
}
