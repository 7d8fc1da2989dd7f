functions {
  void bar(int x);
  void bar(int x);
  void bar(int x) {
  }
}
