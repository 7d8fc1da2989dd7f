// A user _lpmf whose variate is a tuple of ints: stanc3's is_int_type
// takes a tuple whose items are all ints as an int variate (stanc3's test
// program tuples/tuple_lpmf.stan); with ~ and with the | call.
functions {
  real pair_lpmf(tuple(int, array[] int) x, real lambda) {
    return poisson_lpmf(x.1 | lambda) + poisson_lpmf(x.2 | 2 * lambda);
  }
}
data {
  tuple(int, array[3] int) d;
}
parameters {
  real<lower=0> lambda;
}
model {
  lambda ~ gamma(2, 1);
  d ~ pair(lambda);
  target += 0.5 * pair_lupmf(d | lambda);
}
