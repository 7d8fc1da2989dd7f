functions {
  real f(vector[3] v) {
    return sum(v);
  }
}
