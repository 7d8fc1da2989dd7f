transformed data {
  int n = 2i;
}
