data {
  real x__;
}
