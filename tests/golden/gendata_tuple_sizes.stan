// Sizes and bounds from tuple slots (stanc3's generator evaluates x.1):
// nested slots too; a slot of an array of tuples is an error naming the
// variable.
data {
  tuple(int<lower=1, upper=3>, tuple(real, int<lower=2, upper=2>)) t;
  vector[t.1 + t.2.2] x;
  array[t.2.2] real<lower=t.2.1> y;
  array[2] tuple(int, real) at;
}
parameters {
  vector[t.1] theta;
}
