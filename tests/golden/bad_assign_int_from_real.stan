model {
  int n;
  n = 2.5;
}
