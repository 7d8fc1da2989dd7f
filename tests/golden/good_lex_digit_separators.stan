// Digit separators in numeric literals (stanc3: [0-9]+ ('_' [0-9]+)*), in
// the integer part, the fraction and the exponent; the MIR holds the
// value without them.
transformed data {
  int big = 2_147_483_647;
  int m = 1_000;
  real r = 1_000.000_5;
  real e = 1e1_0;
  real f = 5.;
  real g = .5;
  real h = 2E-3;
  complex z = 1_0i;
  print(big, " ", m, " ", r, " ", e, " ", f, " ", g, " ", h, " ", z);
}
