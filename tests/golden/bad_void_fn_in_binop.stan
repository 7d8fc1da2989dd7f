functions {
  void f() {
  }
}
transformed data {
  real y = 1 + f();
}
