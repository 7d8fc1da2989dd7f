functions {
  real foo_lpdf(array[] int y, real mu) {
    return 0;
  }
}
