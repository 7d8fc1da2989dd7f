data {
  int<lower=0> N;
  int<lower=1, upper=10> K;
  int<upper=5> M;
}
