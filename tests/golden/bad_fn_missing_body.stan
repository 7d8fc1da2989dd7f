functions {
  real f(real x)
}
