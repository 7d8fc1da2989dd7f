// A size that evaluates below zero is an error naming the variable.
data {
  int<lower=1, upper=3> N;
  vector[N - 5] x;
}
