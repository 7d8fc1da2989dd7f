// hypergeometric (Stan Functions Reference 2.38, "Hypergeometric
// distribution"): real hypergeometric_lpmf(int n | int N, int a, int b)
// and int hypergeometric_rng(int N, int a, int b), integers only.
data {
  int n;
  int N;
  int a;
  int b;
}
model {
  n ~ hypergeometric(N, a, b);
  target += hypergeometric_lupmf(n | N, a, b);
}
generated quantities {
  int d = hypergeometric_rng(N, a, b);
}
