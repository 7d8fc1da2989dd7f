functions {
  void f() {
  }
}
transformed data {
  print(f());
}
