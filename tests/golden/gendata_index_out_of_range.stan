// An index out of range in a size is an error, not a read past the end.
data {
  array[2] int<lower=1, upper=3> n;
  vector[n[3]] x;
}
