functions {
  real foo_lupdf(real y) {
    return -y;
  }
}
