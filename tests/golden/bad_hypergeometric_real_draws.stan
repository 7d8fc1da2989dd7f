// Every argument of hypergeometric is an int (Stan Functions Reference
// 2.38, "Hypergeometric distribution"): a real number of draws is no
// signature.
parameters {
  real N;
}
model {
  target += hypergeometric_lpmf(2 | N, 4, 6);
}
