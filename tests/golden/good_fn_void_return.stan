functions {
  void maybe(int k) {
    if (k > 0) {
      return;
    }
    print(k);
  }
}
transformed data {
  maybe(1);
}
