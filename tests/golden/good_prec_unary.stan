transformed data {
  real x = 3;
  real a = -x;
  real b = +x;
  int c = !1;
  real d = - -x;
  real e = -x ^ 2;
}
