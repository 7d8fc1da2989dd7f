functions {
  int foo_lpdf(real y, real mu) {
    return 0;
  }
}
