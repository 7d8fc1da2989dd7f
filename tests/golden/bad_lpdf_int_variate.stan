functions {
  real foo_lpdf(int y, real mu) {
    return -square(y - mu);
  }
}
