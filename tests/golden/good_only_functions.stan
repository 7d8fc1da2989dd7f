functions {
  real my_add(real a, real b) {
    return a + b;
  }
}
