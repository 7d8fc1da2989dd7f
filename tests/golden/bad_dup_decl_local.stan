model {
  real x;
  real x;
}
