model {
  real a__ = 1;
}
