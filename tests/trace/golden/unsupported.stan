// A library function the interpreter does not support yet: a clear
// message, exit 1, never a crash.
parameters {
  real x;
}
model {
  target += owens_t(x, 1) + bessel_first_kind(1, x);
}
