transformed parameters {
  int n = 1;
}
