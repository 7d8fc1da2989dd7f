transformed data {
  int n = 1.0;
}
