functions {
  real f(simplex v) {
    return sum(v);
  }
}
