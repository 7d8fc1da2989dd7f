functions {
  void f(real x) {
    print(x);
  }
}
transformed data {
  real y = f(1);
}
