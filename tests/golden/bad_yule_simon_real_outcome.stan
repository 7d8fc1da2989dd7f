// yule_simon is a mass function: its outcome is an int (Stan Functions
// Reference 2.38, Yule-Simon: yule_simon_lpmf(ints n | reals alpha)).
parameters {
  real<lower=0> alpha;
}
model {
  target += yule_simon_lpmf(1.5 | alpha);
}
