data {
  int N;
}
functions {
  real f(real x) {
    return x;
  }
}
