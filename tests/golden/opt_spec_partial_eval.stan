// the user guide's example of partial evaluation: 1 + 1 folds and
// a + b * 5 fuses; log(1 - a) stays, since nothing proves a <= 1 here
// (a is 2: log1m(2) would reject where log(1 - 2) is NaN); the same
// expression of a parameter declared with upper=1 becomes log1m
parameters {
  real<lower=0, upper=1> p;
}
model {
  real a = 1 + 1;
  real b = log(1 - a);
  real c = a + b * 5;
  target += log(1 - p);
}
