// Int values are 32-bit, as Stan's int: bounds at the ends of the range.
data {
  int<lower=2147483647> a;
  int<upper=-2147483647> b;
  int<lower=-5, upper=-5> c;
  int<lower=0, upper=1> d;
}
