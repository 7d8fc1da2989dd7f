// Stan ints are 32 bits: an overflow is the sampler's error, not a wrapped
// or widened value.
data {
  int a;
  int b;
}
parameters {
  real x;
}
model {
  int r = a * b;
  x ~ normal(r, 1);
}
