transformed data {
  int n = 3;
  for (i in n) {
    print(i);
  }
}
