parameters {
  int n;
}
