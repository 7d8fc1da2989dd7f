functions {
  void f() {
    break;
  }
}
