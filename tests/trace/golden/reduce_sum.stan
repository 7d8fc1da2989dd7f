// A function passed to reduce_sum: the partial sum is one nested call
// over the whole array (the interpreter used to read the function's name
// as a variable and crash).
functions {
  real partial_lpmf(array[] int y, int start, int end, real a) {
    return bernoulli_logit_lupmf(y | a);
  }
}
data {
  array[4] int y;
}
parameters {
  real a;
}
model {
  target += reduce_sum(partial_lupmf, y, 1, a);
}
