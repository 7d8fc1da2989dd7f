functions {
  int f(int x) {
  }
}
