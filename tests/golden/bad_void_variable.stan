transformed data {
  void x;
}
