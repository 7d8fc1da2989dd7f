functions {
  real foo_lpdf() {
    return 0;
  }
}
