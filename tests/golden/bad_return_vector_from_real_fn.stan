functions {
  real f(vector v) {
    return v;
  }
}
