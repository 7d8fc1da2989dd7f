transformed data {
  while (0)
    int n;
}
