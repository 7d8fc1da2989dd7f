transformed data {
  int a = 1_;
}
